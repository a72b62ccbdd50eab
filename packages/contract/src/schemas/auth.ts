import { z } from 'zod';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** SPEC.md: type (authorization_code) and code; RFC 8628 adds the device-code grant. */
export const TokenRequest = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('authorization_code'), code: z.string().min(1).max(200) }),
    z.object({ type: z.literal(DEVICE_CODE_GRANT), device_code: z.string().min(1).max(200) }),
  ])
  .meta({ id: 'TokenRequest' });

export const AuthorizationCode = z
  .object({ code: z.string(), expiresIn: z.number() })
  .meta({ id: 'AuthorizationCode' });

export const TokenVerification = z
  .object({ valid: z.literal(true), userId: z.uuid(), expiresAt: z.string() })
  .meta({ id: 'TokenVerification' });

/** RFC 8628 section 3.2. */
export const DeviceCodeResponse = z
  .object({
    device_code: z.string(),
    user_code: z.string(),
    verification_uri: z.string(),
    verification_uri_complete: z.string(),
    expires_in: z.number(),
    interval: z.number(),
  })
  .meta({ id: 'DeviceCodeResponse' });

export const DeviceCodeRequest = z
  .object({ client_id: z.string().max(200).optional() })
  .meta({ id: 'DeviceCodeRequest' });

export const DeviceAuthorizeRequest = z
  .object({
    user_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{4}-?[A-Z0-9]{4}$/, 'Enter the code shown on your device, like WDJB-MJHT.'),
    approve: z.boolean(),
  })
  .meta({ id: 'DeviceAuthorizeRequest' });

export const OutboxMessage = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'OutboxMessage' });

export const Page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextPageToken: z.string().nullable() });

export const Paging = {
  pageToken: z.string().max(500).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
