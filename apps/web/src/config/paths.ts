/**
 * Every URL of the web app in one place: the screens (spec §2) and the API calls (spec §7).
 * Build links with these helpers, never with string literals in components.
 */
export const paths = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-pass',
  recoverPassword: '/recover-pass',
  register: '/register',
  verifyEmail: '/verify-email',
  clients: '/clients',
  profile: '/profile',
} as const;

export const API_BASE = '/api';

export const apiPaths = {
  health: '/health',
  auth: {
    login: '/auth/login',
    logout: '/auth/logout',
    me: '/auth/me',
    registerEstablishment: '/auth/register-establishment',
    verify: '/auth/verify',
    resendVerification: '/auth/resend-verification',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
    changePassword: '/auth/change-password',
  },
} as const;
