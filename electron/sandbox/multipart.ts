/**
 * A small multipart/form-data reader (RFC 7578), binary-safe: parts are Buffer views of the body,
 * only the part headers are decoded as text.
 */

/** One part of a multipart body. */
export interface MultipartPart {
  name: string | null;
  filename: string | null;
  data: Buffer;
}

const crlf = Buffer.from('\r\n');
const headerEnd = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` Content-Type, or null when it is not one. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (contentType === undefined || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType))
    return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary === undefined || boundary === '' ? null : boundary;
}

/** Undoes the escapes browsers and undici put in quoted file names (`%22`, `%0D`, `%0A`, `\"`). */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value.trim();
  return value
    .slice(1, -1)
    .replace(/\\(.)/g, '$1')
    .replace(/%22/gi, '"')
    .replace(/%0D/gi, '\r')
    .replace(/%0A/gi, '\n');
}

/** Parameters of a Content-Disposition header, with `filename*` (RFC 5987) preferred. */
function dispositionParams(header: string): { name: string | null; filename: string | null } {
  const params = new Map<string, string>();
  for (const match of header.matchAll(/;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const key = match[1];
    const value = match[2];
    if (key !== undefined && value !== undefined) params.set(key.toLowerCase(), unquote(value));
  }
  let filename = params.get('filename') ?? null;
  const extended = /^([\w-]+)'[^']*'(.*)$/.exec(params.get('filename*') ?? '');
  if (extended?.[1]?.toLowerCase() === 'utf-8') {
    try {
      filename = decodeURIComponent(extended[2] ?? '');
    } catch {
      // A malformed extended name falls back to the plain one.
    }
  }
  return { name: params.get('name') ?? null, filename };
}

function parseHeaders(text: string): { name: string | null; filename: string | null } {
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-disposition') {
      return dispositionParams(line.slice(colon + 1));
    }
  }
  return { name: null, filename: null };
}

/** The parts of a multipart body, or null when the body does not follow the format. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  // The first delimiter may follow a preamble; later ones always follow a CRLF.
  let position = body.indexOf(delimiter);
  if (position < 0) return null;
  position += delimiter.length;
  for (;;) {
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts; // closing "--"
    while (body[position] === 0x20 || body[position] === 0x09) position += 1; // transport padding
    if (!body.subarray(position, position + 2).equals(crlf)) return null;
    position += 2;
    let dataStart: number;
    let headers = '';
    if (body.subarray(position, position + 2).equals(crlf)) {
      dataStart = position + 2;
    } else {
      const end = body.indexOf(headerEnd, position);
      if (end < 0) return null;
      headers = body.subarray(position, end).toString('utf8');
      dataStart = end + headerEnd.length;
    }
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd < 0) return null;
    parts.push({ ...parseHeaders(headers), data: body.subarray(dataStart, dataEnd) });
    position = dataEnd + nextDelimiter.length;
  }
}
