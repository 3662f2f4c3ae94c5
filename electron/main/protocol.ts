import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';

export const appScheme = 'app';
export const appUrl = `${appScheme}://desk/index.html`;

/** Must run before the app is ready: the UI is served from app://, never file://. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves files of the built renderer only; anything that resolves outside it is a 404. */
export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle(appScheme, (request) => {
    const { pathname } = new URL(request.url);
    const file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    if (file !== root && !file.startsWith(root + path.sep))
      return new Response(null, { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });
}
