/**
 * Phoenix channel frames, in the two serializer versions realtime-js speaks: 1.0.0 (JSON objects)
 * and 2.0.0 (JSON arrays `[join_ref, ref, topic, event, payload]`, plus binary frames for
 * user broadcasts, see realtime-js lib/serializer.ts).
 */

export type Vsn = '1.0.0' | '2.0.0';
export const VSNS = new Set<string>(['1.0.0', '2.0.0']);

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  // Whatever the client or a channel puts there; each handler checks what it reads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- validated field by field where read (validation.ts)
  payload: any;
}

export class ProtocolError extends Error {}

const USER_BROADCAST_PUSH = 3; // client -> server
const USER_BROADCAST = 4; // server -> client
const JSON_ENCODING = 1;

function str(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function decode(data: Buffer, isBinary: boolean, vsn: Vsn): Message {
  if (isBinary) return decodeBroadcastPush(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  let msg: Message;
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = parsed;
    msg = { joinRef: str(joinRef), ref: str(ref), topic, event, payload };
  } else {
    const o = (parsed ?? {}) as Record<string, unknown>;
    msg = { joinRef: str(o.join_ref), ref: str(o.ref), topic: o.topic as string, event: o.event as string, payload: o.payload };
  }
  if (typeof msg.topic !== 'string' || typeof msg.event !== 'string') throw new ProtocolError('topic and event must be strings');
  if (msg.payload === null || typeof msg.payload !== 'object') msg.payload = {};
  return msg;
}

/** A vsn 2.0.0 user broadcast push: kind, 5 lengths, encoding, then the strings and the payload. */
function decodeBroadcastPush(buf: Buffer): Message {
  if (buf.length < 7 || buf[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('unknown binary frame');
  const lengths = [buf[1], buf[2], buf[3], buf[4], buf[5]];
  const encoding = buf[6];
  let offset = 7;
  const [joinRef, ref, topic, userEvent, metadata] = lengths.map((len) => {
    const s = buf.subarray(offset, offset + len).toString('utf8');
    offset += len;
    return s;
  });
  const body = buf.subarray(offset);
  let payload: unknown = Buffer.from(body);
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ProtocolError('broadcast payload is not JSON');
    }
  }
  let meta: Record<string, unknown> = {};
  try {
    if (metadata) meta = JSON.parse(metadata);
  } catch {
    throw new ProtocolError('broadcast metadata is not JSON');
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event: userEvent, payload },
  };
}

/** Binary user broadcast as realtime-js decodes it (kind 4): only vsn 2.0.0 clients can read it. */
function encodeBroadcast(msg: Message): Buffer {
  const { event, payload, type: _type, ...meta } = msg.payload as Record<string, unknown>;
  const topic = Buffer.from(msg.topic);
  const userEvent = Buffer.from(String(event));
  const metadata = Buffer.from(Object.keys(meta).length ? JSON.stringify(meta) : '');
  const header = Buffer.from([USER_BROADCAST, topic.length, userEvent.length, metadata.length, 0]);
  return Buffer.concat([header, topic, userEvent, metadata, payload as Buffer]);
}

/** The frame for `msg`, or null when this version cannot carry it (binary payload to vsn 1). */
export function encode(msg: Message, vsn: Vsn): string | Buffer | null {
  const binary = msg.event === 'broadcast' && Buffer.isBuffer(msg.payload?.payload);
  if (vsn === '2.0.0') {
    if (binary) return encodeBroadcast(msg);
    return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  }
  if (binary) return null;
  return JSON.stringify({ topic: msg.topic, event: msg.event, payload: msg.payload, ref: msg.ref });
}
