/**
 * The Ertzaintza's A19 service for Basque establishments (decision 056): the certificate an
 * establishment signs its requests with, and which service (production or pre-production) they go
 * to. Sends, their history and send modes are SES's (ses.ts), with `authority: 'ertzaintza'`.
 */
import { SesEnvironmentSchema } from './ses';
import { z } from './zod';

/** A PKCS#12 file is a few kilobytes; 64 KB leaves room for a long chain. */
export const A19_CERTIFICATE_MAX_BYTES = 64 * 1024;
/** How long before its expiry a certificate is shown as expiring. */
export const A19_EXPIRY_WARNING_DAYS = 30;

/**
 * PUT /api/establishments/{id}/a19-certificate: a new certificate (the .p12/.pfx file in Base64,
 * and its password), and the service. Without a file, only the service changes (the stored
 * certificate is kept); a file always comes with its password.
 */
export const A19CertificateInputSchema = z
  .object({
    certificate: z
      .string()
      .max(Math.ceil((A19_CERTIFICATE_MAX_BYTES * 4) / 3) + 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'validation.invalidCharacters')
      .optional(),
    password: z
      .string()
      .max(200)
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      .regex(/^[^\x00-\x1f\x7f]*$/, 'validation.invalidCharacters')
      .optional(),
    environment: SesEnvironmentSchema.default('production'),
  })
  .refine((v) => v.certificate === undefined || v.password !== undefined, {
    path: ['password'],
    message: 'validation.required',
  });
export type A19CertificateInput = z.infer<typeof A19CertificateInputSchema>;

/** The certificate as it is shown: never the file nor its password. */
export const A19CertificateSchema = z.object({
  configured: z.boolean(),
  /** `CN=…, …` of the certificate; null without one. */
  subject: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Within 30 days of its expiry (and not past it). */
  expiresSoon: z.boolean(),
  expired: z.boolean(),
  environment: SesEnvironmentSchema,
  /** codigoArrendador: the establishment's NIF (manual §2.2: "CIF del establecimiento"). */
  landlordCode: z.string().nullable(),
});
export type A19Certificate = z.infer<typeof A19CertificateSchema>;

/** Whether a certificate expiring at `expiresAt` is past it, or within the warning, at `now`. */
export function a19CertificateState(expiresAt: Date | null, now: Date) {
  if (!expiresAt) return { expired: false, expiresSoon: false };
  const left = expiresAt.getTime() - now.getTime();
  return {
    expired: left <= 0,
    expiresSoon: left > 0 && left <= A19_EXPIRY_WARNING_DAYS * 86_400_000,
  };
}
