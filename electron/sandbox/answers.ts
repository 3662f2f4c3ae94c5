/**
 * Deterministic insight answers. Everything derives from SHA-256 hashes of the request, so a test
 * can predict any answer by calling `sandboxAnswer` with the same body.
 *
 * With `h = sha256(utf8(sessionID))` (the raw session id, nothing added):
 * - 204 No Content when `h[0] < 13` (about 5% of sessions), see `isNoContentSession`;
 * - `deviceID` = `dev-` + hex of `h[1..10]` (20 hex digits): same session, same device;
 * - `deviceRisk` = `undefined` when `h[11] < 13` (about 5%), else from the score:
 *   below 0.3 `low`, below 0.7 `medium`, else `high`;
 * - `deviceAge` = `h[12..13]` (big-endian) modulo 8760 hours;
 * - `smartID` key omitted when `h[17] < 77` (about 30%), else `smart-` + hex of `h[18..23]`;
 * - `score` = first 4 bytes of `sha256(sessionID + '|' + (cpf ?? ''))` / 2^32-1, 4 decimals.
 */
import { createHash } from 'node:crypto';

/** Insight codes counted in `alertQuantity`. */
export const alertCodes: readonly string[] = [
  'DEV0003',
  'DEV0007',
  'DEV0011',
  'GER0005',
  'GER0006',
  'GER0007',
];

type Body = Record<string, unknown>;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function byte(hash: Buffer, index: number): number {
  return hash[index] ?? 0;
}

function text(body: Body, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** True for the ~5% of sessions answered 204: the first byte of sha256(sessionID) is below 13. */
export function isNoContentSession(sessionID: string): boolean {
  return byte(sha256(sessionID), 0) < 13;
}

function devCode(n: number): string {
  return `DEV${String(n).padStart(4, '0')}`;
}

/** Up to three device codes from the session hash, plus codes that follow the data sent. */
function insightCodes(
  h: Buffer,
  body: Body,
  score: number,
  deviceAge: number,
  similar: number,
): string[] {
  const codes = new Set<string>();
  codes.add(devCode((byte(h, 14) % 12) + 1));
  if (byte(h, 15) < 160) codes.add(devCode((byte(h, 15) % 12) + 1));
  if (byte(h, 16) < 64) codes.add(devCode((byte(h, 16) % 12) + 1));
  const phone = body.phone;
  const phoneNumber =
    typeof phone === 'object' && phone !== null ? (phone as Body).number : undefined;
  if (typeof phoneNumber === 'string' && phoneNumber !== '') codes.add('GER0001');
  if (text(body, 'email') !== undefined) codes.add('GER0002');
  if (text(body, 'zipCode') !== undefined) codes.add('GER0003');
  if (text(body, 'cpf') !== undefined) codes.add('GER0004');
  if (score >= 0.7) codes.add('GER0005');
  if (score >= 0.9) codes.add('GER0006');
  if (deviceAge < 24) codes.add('GER0007');
  if (similar > 0) codes.add('GER0008');
  return [...codes].sort();
}

function similarityResult(sessionID: string, deviceID: string, count: number): Body {
  const similarDevices: string[] = [];
  const maximumScore: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const s = sha256(`similar|${sessionID}|${i}`);
    similarDevices.push(`dev-${s.subarray(0, 10).toString('hex')}`);
    maximumScore.push(round4(0.5 + s.readUInt16BE(10) / 0xffff / 2));
  }
  maximumScore.sort((a, b) => b - a);
  return { deviceID, maximumScore, similarDevices };
}

/**
 * The sandbox's answer to a valid insights body: pure and deterministic (see the module comment
 * for the exact rules). Fields other than sessionID, cpf, email, phone.number and zipCode do not
 * change the answer.
 */
export function sandboxAnswer(
  tx: unknown,
): { status: 200; body: Record<string, unknown> } | { status: 204 } {
  const body: Body = typeof tx === 'object' && tx !== null ? (tx as Body) : {};
  const sessionID = typeof body.sessionID === 'string' ? body.sessionID : '';
  const h = sha256(sessionID);
  if (byte(h, 0) < 13) return { status: 204 };
  const deviceID = `dev-${h.subarray(1, 11).toString('hex')}`;
  const score = round4(
    sha256(`${sessionID}|${text(body, 'cpf') ?? ''}`).readUInt32BE(0) / 0xffffffff,
  );
  const bandRisk = score < 0.3 ? 'low' : score < 0.7 ? 'medium' : 'high';
  const deviceRisk = byte(h, 11) < 13 ? 'undefined' : bandRisk;
  const deviceAge = h.readUInt16BE(12) % 8760;
  const similar = byte(h, 24) % 4;
  const insights = insightCodes(h, body, score, deviceAge, similar);
  const answer: Body = {
    deviceID,
    insights,
    alertQuantity: insights.filter((code) => alertCodes.includes(code)).length,
    deviceAge,
    deviceRisk,
    score,
  };
  // The key is left out entirely, as the service does when it has no smart id.
  if (byte(h, 17) >= 77) answer.smartID = `smart-${h.subarray(18, 24).toString('hex')}`;
  answer.similarityResult = similarityResult(sessionID, deviceID, similar);
  return { status: 200, body: answer };
}
