import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback, for the server's tests and the browser end-to-end test: it hands out
 * subscriptions as a browser would, checks the VAPID signature of every push, decrypts its payload
 * (RFC 8291 on RFC 8188 aes128gcm, with node:crypto only) and keeps what arrived.
 *
 *   const receiver = await startPushReceiver();
 *   const sub = receiver.subscribe();          // POST it as the browser's PushSubscription JSON
 *   ...server pushes...
 *   receiver.messages(sub.id)                  // [{ json: { title, ... }, vapid: {...}, ... }]
 *   receiver.failWith(sub.id, 410);            // the next pushes to it answer 410 (null: normal again)
 *   await receiver.close();
 *
 * The server must accept plain-http endpoints for it: PUSH_ALLOW_HTTP=true.
 */

/** `PushSubscription.toJSON()` of a browser, plus the id this receiver knows the endpoint by. */
export interface ReceiverSubscription {
  id: string;
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpointId: string;
  /** The decrypted payload, and the same parsed when it is JSON (else undefined). */
  text: string;
  json: unknown;
  /** The signer's public key (the server's applicationServerKey) and the claims of its token. */
  vapid: { publicKey: string; audience: string; subject: string; expiresAt: number };
  ttl: number | null;
  urgency: string | null;
  receivedAt: Date;
}

export interface PushReceiver {
  /** Its base address, e.g. http://127.0.0.1:43121 (endpoints are {url}/push/{id}). */
  url: string;
  subscribe(): ReceiverSubscription;
  /** What arrived, oldest first; only that endpoint's when given. */
  messages(endpointId?: string): ReceivedPush[];
  /** Answer `status` to every push to that endpoint from now on, without keeping it; null undoes it. */
  failWith(endpointId: string, status: number | null): void;
  close(): Promise<void>;
}

interface Endpoint {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  failWith: number | null;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 section 3.4 and RFC 8188: derive the content key and nonce from the ECDH secret, the
 * subscription's auth secret and the message's salt, then open each record and strip its padding.
 */
export function decryptPush(body: Buffer, receiver: { ecdh: ECDH; publicKey: Buffer; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Refusal(400, 'The body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (senderKey.length !== 65 || recordSize < 18) throw new Refusal(400, 'Malformed aes128gcm header');
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = receiver.ecdh.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, "The sender's key is not a P-256 point");
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = hkdf(ecdhSecret, receiver.auth, keyInfo, 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, index = 0; offset < records.length; offset += recordSize, index++) {
    const record = records.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= records.length;
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's low bits (it never needs more than 32).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ index) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let data: Buffer;
    try {
      data = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'The payload does not decrypt with this subscription');
    }
    let end = data.length - 1;
    while (end >= 0 && data[end] === 0) end--;
    if (end < 0 || data[end] !== (last ? 2 : 1)) throw new Refusal(400, 'Bad record padding');
    plain.push(data.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the token must be signed by k, for this origin, unexpired. */
export function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/i.exec(header ?? '');
  if (!match) throw new Refusal(401, 'No VAPID authorization');
  const [, token, publicKey] = match as unknown as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, 'The VAPID key is not a P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refusal(403, 'The VAPID signature does not match its key');
  const { aud, sub, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  if (aud !== origin) throw new Refusal(403, `The VAPID token is for ${String(aud)}, not ${origin}`);
  if (typeof exp !== 'number' || exp * 1000 < Date.now()) throw new Refusal(403, 'The VAPID token expired');
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) throw new Refusal(403, 'The VAPID subject is missing');
  return { publicKey, audience: aud, subject: sub, expiresAt: exp };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const endpoints = new Map<string, Endpoint>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const server = createServer((request, response) => {
    const answer = (status: number, text = '') => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(text);
    };
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const endpoint = id ? endpoints.get(id) : undefined;
    if (request.method !== 'POST' || !id || !endpoint) return answer(404, 'No such subscription');
    readBody(request)
      .then((body) => {
        if (endpoint.failWith !== null) return answer(endpoint.failWith, 'Told to fail');
        const vapid = checkVapid(request.headers.authorization, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Only aes128gcm');
        const text = decryptPush(body, endpoint).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const ttl = request.headers.ttl === undefined ? null : Number(request.headers.ttl);
        const urgency = typeof request.headers.urgency === 'string' ? request.headers.urgency : null;
        received.push({ endpointId: id, text, json, vapid, ttl, urgency, receivedAt: new Date() });
        answer(201);
      })
      .catch((error: unknown) =>
        error instanceof Refusal ? answer(error.status, error.message) : answer(500, String(error)),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    subscribe: () => {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      endpoints.set(id, { ecdh, publicKey, auth, failWith: null });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    messages: (endpointId) => received.filter((m) => endpointId === undefined || m.endpointId === endpointId),
    failWith: (endpointId, status) => {
      const endpoint = endpoints.get(endpointId);
      if (!endpoint) throw new Error(`No subscription ${endpointId}`);
      endpoint.failWith = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
