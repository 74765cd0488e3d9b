import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  ChangePasswordInputSchema,
  CsrfTokenResponseSchema,
  EmailOnlyInputSchema,
  LoginInputSchema,
  MeResponseSchema,
  RegisterEstablishmentInputSchema,
  RegisterResponseSchema,
  ResetPasswordInputSchema,
  SignInLinkInputSchema,
  UpdateProfileInputSchema,
  VerifyQuerySchema,
} from '@hospes/shared/auth';
import { LngQuerySchema, MessageResponseSchema } from '@hospes/shared/common';
import { z } from '@hospes/shared/zod';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { TeamService } from '../team';
import type { AuthService } from './auth.service';
import { serverMessage } from '../../lib/i18n/server-texts';

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  lng: request.lng,
});

const tags = ['auth'];
const secured = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  team: Pick<TeamService, 'membershipsOf'>;
}> = async (app, { auth, team }) => {
  // Links still being e-mailed in the background go out before the app and its database close.
  app.addHook('preClose', async () => auth.flush());
  app.post(
    '/register-establishment',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'Register an establishment and its owner account; e-mails a verification link (an e-mail that has an account gets the same answer, and that account a notice instead; 409 for a known NIF)',
        body: RegisterEstablishmentInputSchema,
        querystring: LngQuerySchema,
        response: { 201: RegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await auth.registerEstablishment(request.body, meta(request));
      return reply
        .code(201)
        .send({ success: true, message: serverMessage(request.lng, 'registered'), data });
    },
  );

  app.get(
    '/verify',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Verify an e-mail address once; answers a session (auto-login)',
        querystring: VerifyQuerySchema.extend(LngQuerySchema.shape),
        response: { 200: AuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { expiresAt, ...session } = await auth.verifyEmail(request.query.token, meta(request));
      reply.setSessionCookie(session.token, { expiresAt, persistent: true });
      return {
        success: true as const,
        message: serverMessage(request.lng, 'verified'),
        ...session,
      };
    },
  );

  app.post(
    '/resend-verification',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'Send a new verification link (the same answer whether or not the account exists; 429 past 20 requests an hour from one address)',
        body: EmailOnlyInputSchema,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await auth.resendVerification(request.body.email, meta(request));
      return { success: true as const, message: serverMessage(request.lng, 'resent') };
    },
  );

  app.post(
    '/login',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        description:
          'A wrong password answers 401. After 3 wrong passwords for one account from one address ' +
          '(or from one known browser, by its `deviceToken`), and after 10 from one address over ' +
          'every account, each further one makes the next attempt wait 1 s, 2 s, 4 s… up to 15 ' +
          'minutes: 429 TOO_MANY_REQUESTS with Retry-After. Past LOGIN_LOCK_FAILURES wrong ' +
          'passwords for the account in 24 hours, 429 LOGIN_LOCKED for browsers without a device ' +
          'token: the e-mailed sign-in link still signs in (decision 049). ' +
          'Answers the session `token` (for `Authorization: Bearer`) and sets it as an HttpOnly, ' +
          'SameSite=Strict cookie for browsers (for the browser session only when `remember` is ' +
          'false). The device token is answered and kept in an HttpOnly cookie too; a ' +
          '`deviceToken` in the body wins over the cookie.',
        body: LoginInputSchema,
        querystring: LngQuerySchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const deviceToken = request.body.deviceToken ?? request.deviceTokenFromCookie(email);
      const { expiresAt, ...session } = await auth.login(
        email,
        password,
        meta(request),
        deviceToken,
      );
      reply.setSessionCookie(session.token, {
        expiresAt,
        persistent: remember !== false,
      });
      reply.rememberDeviceToken(email, session.deviceToken);
      return { success: true as const, ...session };
    },
  );

  app.post(
    '/sign-in-link',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'E-mail a one-time sign-in link (15 minutes), which works even while password sign-in is locked (the same answer whether or not the account exists; 429 past 20 requests an hour from one address)',
        body: EmailOnlyInputSchema,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await auth.requestSignInLink(request.body.email, meta(request));
      return { success: true as const, message: serverMessage(request.lng, 'signInLinkSent') };
    },
  );

  app.post(
    '/sign-in-link/use',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'Sign in with an e-mailed sign-in link, once; answers as a login does (400 SIGN_IN_LINK_INVALID for an unknown, used or expired link)',
        body: SignInLinkInputSchema,
        querystring: LngQuerySchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { expiresAt, ...session } = await auth.signInWithLink(
        request.body.token,
        meta(request),
      );
      // As a login: the browser's session cookie (for its session only: the link was for one
      // sign-in) and the device token that makes this browser known (decisions 049, 050).
      reply.setSessionCookie(session.token, { expiresAt, persistent: false });
      reply.rememberDeviceToken(session.user.email, session.deviceToken);
      return { success: true as const, ...session };
    },
  );

  app.post(
    '/logout',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'End this session (revoked; the session cookie is cleared)',
        security: secured,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      await auth.logout(actorOf(request).sessionId);
      reply.clearSessionCookie();
      return { success: true as const, message: serverMessage(request.lng, 'loggedOut') };
    },
  );

  app.get(
    '/csrf-token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'A CSRF token for the session cookie',
        description:
          'A request authenticated by the session cookie with a method other than GET, HEAD or ' +
          'OPTIONS must send this token in the `X-CSRF-Token` header, or is refused 403 ' +
          'CSRF_TOKEN_INVALID. The first call sets the HttpOnly cookie the token is checked ' +
          'against. Bearer requests need none. Anyone may ask.',
        response: { 200: CsrfTokenResponseSchema },
      },
    },
    async (_request, reply) => ({ success: true as const, token: reply.generateCsrf() }),
  );

  app.get(
    '/me',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'The signed-in user, and their memberships with the permissions of each',
        security: secured,
        response: { 200: MeResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { id } = actorOf(request);
      const [user, memberships] = await Promise.all([auth.me(id), team.membershipsOf(id)]);
      return { success: true as const, user, memberships };
    },
  );

  app.put(
    '/me',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Update the name or e-mail of the signed-in user',
        description:
          'A name alone needs no password. A new `email` (one that differs from the current one) ' +
          'needs `currentPassword`: 400 VALIDATION_FAILED on the field `currentPassword` without ' +
          'it, 401 CURRENT_PASSWORD_INCORRECT when wrong (counted with failed logins: 429 ' +
          'TOO_MANY_REQUESTS with Retry-After past the limit), then 409 EMAIL_TAKEN. Nothing ' +
          'changes on a refusal. On success the change is audited (`user.email_changed`) and the ' +
          'old address is e-mailed a notice in the user’s language.',
        security: secured,
        body: UpdateProfileInputSchema,
        response: { 200: MeResponseSchema.extend({ message: z.string() }) },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'profileUpdated'),
      user: await auth.updateProfile(actorOf(request).id, request.body, {
        ...auditContext(request),
        sessionId: actorOf(request).sessionId,
      }),
    }),
  );

  app.post(
    '/forgot-password',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'E-mail a password-reset link (the same answer whether or not the account exists; 429 past 20 requests an hour from one address)',
        body: EmailOnlyInputSchema,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, meta(request));
      return { success: true as const, message: serverMessage(request.lng, 'forgot') };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a reset link; ends every session',
        body: ResetPasswordInputSchema,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: serverMessage(request.lng, 'passwordReset') };
    },
  );

  app.post(
    '/change-password',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Change the password; ends the other sessions',
        security: secured,
        body: ChangePasswordInputSchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = actorOf(request);
      await auth.changePassword(
        actor.id,
        actor.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
        request.ip,
      );
      return { success: true as const, message: serverMessage(request.lng, 'passwordChanged') };
    },
  );
};
