// What the Node-side bundles leave out or replace, shared by scripts/build.mjs and the package
// hygiene test (which builds the same bundles in memory).

/** Native or Electron-provided modules stay outside the bundles. */
export const external = ['electron', 'better-sqlite3', '@napi-rs/keyring'];

/** node-postgres's optional native binding, never used, replaced by a module that says so. */
export const alias = { 'pg-native': './scripts/pg-native-stub.cjs' };
