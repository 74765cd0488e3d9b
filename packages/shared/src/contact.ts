/**
 * The contact message of spec §3 (name, e-mail, phone, company, type, message) and the public
 * settings the marketing and legal pages read (testimonials, the operator's identity).
 */
import { EmailSchema, IdSchema, PHONE_PATTERN, optionalText, text } from './common';
import { z } from './zod';

export const CONTACT_TYPES = ['support', 'sales', 'billing', 'other'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const ContactTypeSchema = z.enum(CONTACT_TYPES);

export const CONTACT_LIMITS = {
  name: 150,
  company: 150,
  phone: 20,
  message: 5000,
  messageMin: 10,
} as const;

/**
 * POST /api/contact. `website` is a honeypot: people never see it (the form hides it), bots
 * fill it; a message that carries it is answered like any other and then dropped.
 */
export const ContactMessageInputSchema = z.object({
  name: text(CONTACT_LIMITS.name),
  email: EmailSchema,
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(PHONE_PATTERN, 'validation.phone').optional()),
  company: optionalText(CONTACT_LIMITS.company),
  type: ContactTypeSchema,
  message: z.string().trim().min(1).min(CONTACT_LIMITS.messageMin).max(CONTACT_LIMITS.message),
  website: z.string().max(200).optional(),
});
export type ContactMessageInput = z.input<typeof ContactMessageInputSchema>;
export type ContactMessage = z.output<typeof ContactMessageInputSchema>;

export const ContactMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: IdSchema, receivedAt: z.string() }),
});
export type ContactMessageResponse = z.infer<typeof ContactMessageResponseSchema>;

/** A quote the operator configured (never made up): who said it and where they host. */
export const TestimonialSchema = z.object({
  quote: z.string().trim().min(1).max(600),
  author: z.string().trim().min(1).max(100),
  place: z.string().trim().max(150).optional(),
  /** The language the quote is written in (BCP 47), so it is marked up and read correctly. */
  lang: z.string().trim().max(20).optional(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** The company that runs this Hospes installation, as configured; unset fields are null. */
export const OperatorSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  nif: z.string().nullable(),
  email: z.string().nullable(),
  registry: z.string().nullable(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** GET /api/public/config: what the public pages show that only the operator can say. */
export const PublicConfigSchema = z.object({
  testimonials: z.array(TestimonialSchema),
  operator: OperatorSchema,
  contact: z.object({
    /** The address people may write to directly (the operator's), or null. */
    email: z.string().nullable(),
  }),
  /** How long a session lasts (SESSION_HOURS or the admin's setting), for the legal pages. */
  sessionHours: z.number().int().positive(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const PublicConfigResponseSchema = z.object({
  success: z.literal(true),
  data: PublicConfigSchema,
});
