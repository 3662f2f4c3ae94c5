// node-postgres asks for its optional native binding (pg-native) only when `pg.native` is read,
// which the app never does: it uses the pure JavaScript client. This stands in for it in the
// bundles, so nothing outside them is required at run time.
throw new Error('pg-native is not shipped: Device Check Desk uses the JavaScript client of pg.');
