import {
  changeOwnPasswordBodySchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  userResponseSchema,
  validateTokenBodySchema,
  verificationRequiredResponseSchema,
  verifyEmailBodySchema,
} from '@wac/contract/auth';
import { messageResponseSchema, successResponseSchema } from '@wac/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/config.ts';
import { currentUser, requestMeta } from '../../http/auth-guard.ts';
import { perAddress } from '../../http/rate-limits.ts';
import type { Mailer } from '../email/index.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['Auth'];

const MINUTE_MS = 60_000;

export const authRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  mailer: Pick<Mailer, 'verificationRequired'>;
  limits: Config['rateLimits'];
}> = async (app, { authService, mailer, limits }) => {
  app.addHook('onClose', () => authService.drain());

  app.post(
    '/api/login',
    { ...perAddress(limits.signIn, MINUTE_MS), schema: { tags, body: loginBodySchema, response: { 200: loginResponseSchema } } },
    (request) => authService.login(request.body, requestMeta(request)),
  );

  app.post(
    '/api/validate-token',
    { schema: { tags, body: validateTokenBodySchema, response: { 200: userResponseSchema } } },
    async (request) => ({
      user: await authService.validateToken(request.body.token),
    }),
  );

  app.post('/api/logout', { onRequest: [app.requireUser], schema: { tags, response: { 200: successResponseSchema } } }, async (request) => {
    const auth = request.auth;
    if (auth) await authService.logout(auth.token, auth.user, requestMeta(request));
    return { success: true as const };
  });

  app.post(
    '/api/auth/forgot-password',
    {
      ...perAddress(limits.accountMail, 15 * MINUTE_MS),
      schema: { tags, body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      authService.requestPasswordReset(request.body.email, requestMeta(request));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      ...perAddress(limits.tokenLinks, 15 * MINUTE_MS),
      schema: { tags, body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await authService.resetPassword(request.body.token, request.body.newPassword, requestMeta(request));
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      ...perAddress(limits.tokenLinks, 15 * MINUTE_MS),
      schema: { tags, body: verifyEmailBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await authService.verifyEmail(request.body.token);
      return { message: 'Your email address is verified.' };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      ...perAddress(limits.accountMail, 15 * MINUTE_MS),
      schema: { tags, body: resendVerificationBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      authService.requestVerificationMail(request.body.email);
      return { message: 'If that address needs verifying, a new link has been sent.' };
    },
  );

  app.get('/api/email/verification-required', { schema: { tags, response: { 200: verificationRequiredResponseSchema } } }, async () => ({
    required: await mailer.verificationRequired(),
  }));

  app.post(
    '/api/change-password',
    { onRequest: [app.requireUser], schema: { tags, body: changeOwnPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      await authService.changeOwnPassword(
        user,
        request.auth?.sessionId ?? 0,
        request.body.currentPassword,
        request.body.newPassword,
        requestMeta(request),
      );
      return { message: 'Password changed. Your other sessions were signed out.' };
    },
  );
};
