// The environment for rebuilding native modules for Electron, without npm's `nodedir`: node-gyp
// takes headers from `nodedir` before the Electron headers @electron/rebuild asks for, so with it
// set (as some machines' ~/.npmrc does) the native modules would be rebuilt for Node, "succeed",
// and crash the app at start.
export function electronBuildEnv(env = process.env) {
  const nodedir = (name) => name.toLowerCase() === 'npm_config_nodedir';
  if (Object.keys(env).some(nodedir))
    console.warn("Ignoring npm's nodedir setting so native modules are built for Electron.");
  return Object.fromEntries(Object.entries(env).filter(([name]) => !nodedir(name)));
}
