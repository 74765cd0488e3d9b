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
  /** An e-mailed sign-in link: the request form, or, with `?token=`, its landing (decision 049). */
  signInLink: '/sign-in-link',
  clients: '/clients',
  clientView: '/clients/view/:id',
  clientEdit: '/clients/edit/:id',
  travelerRegistration: '/traveler-registration',
  profile: '/profile',
  /** The team of an establishment (?establishmentId=): members, invitations, roles (decision 058). */
  team: '/team',
  /** The API keys of an establishment (?establishmentId=), for partners' programs (decision 068). */
  apiKeys: '/team/api-keys',
  /** An e-mailed invitation's landing (?token=). */
  join: '/join',
  /** The travelers still to report to SES.HOSPEDAJES (decision 044). */
  toReport: '/to-report',
  /** The owner's plan, usage and payments (decision 070). */
  billing: '/billing',
  /** The reservations of an establishment (?establishmentId=), its calendars (decision 060). */
  reservations: '/reservations',
  /** The self check-in poster of an establishment (?establishmentId=), on screen and printed. */
  checkinPoster: '/checkin-poster',
  /** The webhook endpoints of an establishment (?establishmentId=) and their deliveries (decision 069). */
  webhooks: '/webhooks',
  // Public traveler self-registration (spec §2): both paths show the same page.
  selfRegistration: '/registro-viajero',
  selfRegistrationAlias: '/pilgrim-register',
  // The public site (landing at home): marketing and legal pages, the contact form.
  features: '/features',
  guide: '/features#how-it-works',
  pricing: '/pricing',
  contact: '/contacto',
  contactAlias: '/contact',
  legalNotice: '/legal-notice',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminReports: '/admin/reports',
  adminSettings: '/admin/settings',
  adminBilling: '/admin/billing',
  adminEstablishmentCreate: '/admin/establishments/create',
  adminEstablishmentView: '/admin/establishments/view/:id',
  adminEstablishmentEdit: '/admin/establishments/edit/:id',
  adminTravelerView: '/admin/pilgrims/view/:id',
} as const;

/** Links with parameters, built from the patterns above. */
export const links = {
  clientView: (id: string) => `/clients/view/${encodeURIComponent(id)}`,
  clientEdit: (id: string) => `/clients/edit/${encodeURIComponent(id)}`,
  travelerRegistration: (establishmentId?: string) =>
    establishmentId
      ? `${paths.travelerRegistration}?establishmentId=${encodeURIComponent(establishmentId)}`
      : paths.travelerRegistration,
  reservations: (establishmentId?: string) =>
    establishmentId
      ? `${paths.reservations}?establishmentId=${encodeURIComponent(establishmentId)}`
      : paths.reservations,
  checkinPoster: (establishmentId: string) =>
    `${paths.checkinPoster}?establishmentId=${encodeURIComponent(establishmentId)}`,
  /** The desk, its form started as a companion of a registered traveler (their stay shared). */
  companionRegistration: (establishmentId: string, travelerId: string) =>
    `${paths.travelerRegistration}?establishmentId=${encodeURIComponent(establishmentId)}&companionOf=${encodeURIComponent(travelerId)}`,
  /** A registration the desk's send queue could not save, opened to fix it (decision 032). */
  queuedRegistration: (queuedId: string) =>
    `${paths.travelerRegistration}?queued=${encodeURIComponent(queuedId)}`,
  team: (establishmentId?: string) =>
    establishmentId
      ? `${paths.team}?establishmentId=${encodeURIComponent(establishmentId)}`
      : paths.team,
  apiKeys: (establishmentId?: string) =>
    establishmentId
      ? `${paths.apiKeys}?establishmentId=${encodeURIComponent(establishmentId)}`
      : paths.apiKeys,
  webhooks: (establishmentId?: string) =>
    establishmentId
      ? `${paths.webhooks}?establishmentId=${encodeURIComponent(establishmentId)}`
      : paths.webhooks,
  profileTab: (tab: 'personal' | 'establishments' | 'security') => `${paths.profile}?tab=${tab}`,
  adminEstablishmentView: (id: string) => `/admin/establishments/view/${encodeURIComponent(id)}`,
  adminEstablishmentEdit: (id: string) => `/admin/establishments/edit/${encodeURIComponent(id)}`,
  adminTravelerView: (id: string) => `/admin/pilgrims/view/${encodeURIComponent(id)}`,
};

export const API_BASE = '/api';

export const apiPaths = {
  health: '/health',
  contact: '/contact',
  publicConfig: '/public/config',
  auth: {
    login: '/auth/login',
    logout: '/auth/logout',
    me: '/auth/me',
    csrfToken: '/auth/csrf-token',
    registerEstablishment: '/auth/register-establishment',
    verify: '/auth/verify',
    resendVerification: '/auth/resend-verification',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
    changePassword: '/auth/change-password',
    signInLink: '/auth/sign-in-link',
    useSignInLink: '/auth/sign-in-link/use',
    sessions: '/auth/sessions',
    session: (id: string) => `/auth/sessions/${encodeURIComponent(id)}`,
  },
  /** The declaración responsable of an establishment (decision 063). */
  declaration: {
    of: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/declaration`,
    pdf: (establishmentId: string, declarationId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/declarations/${encodeURIComponent(declarationId)}/pdf`,
  },
  /** Webhook endpoints and their deliveries (decision 069). */
  webhooks: {
    of: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/webhooks`,
    one: (id: string) => `/webhooks/${encodeURIComponent(id)}`,
    action: (id: string, action: 'secret' | 'pause' | 'resume' | 'test') =>
      `/webhooks/${encodeURIComponent(id)}/${action}`,
    deliveries: (id: string) => `/webhooks/${encodeURIComponent(id)}/deliveries`,
    replay: (deliveryId: string) => `/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`,
  },
  /** The team of an establishment and the invitation link's calls (decision 058). */
  /** Plans and billing (decision 070). */
  billing: {
    summary: '/billing',
    checkout: '/billing/checkout',
    portal: '/billing/portal',
    admin: '/admin/billing',
    grant: (accountId: string) => `/admin/billing/${encodeURIComponent(accountId)}`,
  },
  team: {
    of: (establishmentId: string) => `/establishments/${encodeURIComponent(establishmentId)}/team`,
    invitations: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/invitations`,
    invitation: (establishmentId: string, id: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/invitations/${encodeURIComponent(id)}`,
    resend: (establishmentId: string, id: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/invitations/${encodeURIComponent(id)}/resend`,
    member: (establishmentId: string, userId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/members/${encodeURIComponent(userId)}`,
    roles: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/roles`,
    role: (establishmentId: string, id: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/roles/${encodeURIComponent(id)}`,
    /** The establishment's API keys (decision 068): list, create; one key: revoke. */
    apiKeys: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/api-keys`,
    apiKey: (establishmentId: string, id: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/api-keys/${encodeURIComponent(id)}`,
    /** GET, with `?token=` (given as the call's query). */
    preview: '/team/invitation',
    accept: '/team/invitations/accept',
    join: '/team/invitations/join',
  },
  /** The travelers still to report to SES.HOSPEDAJES (decision 044). */
  sesToReport: '/ses-to-report',
  pilgrims: {
    list: '/pilgrims',
    one: (id: string) => `/pilgrims/${encodeURIComponent(id)}`,
    bulkDelete: '/pilgrims/bulk-delete',
    bulk: '/pilgrims/bulk',
    document: (id: string, docId: string) =>
      `/pilgrims/${encodeURIComponent(id)}/documents/${encodeURIComponent(docId)}`,
    history: (id: string) => `/pilgrims/${encodeURIComponent(id)}/history`,
  },
  ocr: { processDocument: '/ocr/process-document' },
  checkin: {
    link: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/checkin-link`,
    renew: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/checkin-link/renew`,
    publicInfo: (token: string) => `/public/checkin/${encodeURIComponent(token)}`,
    publicOcr: (token: string) => `/public/checkin/${encodeURIComponent(token)}/ocr`,
    byCode: (code: string) => `/pilgrims/by-code/${encodeURIComponent(code)}`,
    confirm: (id: string) => `/pilgrims/${encodeURIComponent(id)}/confirm`,
  },
  reservations: {
    list: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/reservations`,
    today: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/reservations/today`,
    import: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/reservations/import`,
    one: (id: string) => `/reservations/${encodeURIComponent(id)}`,
    checkinLink: (id: string) => `/reservations/${encodeURIComponent(id)}/checkin-link`,
    sendCheckinLink: (id: string) => `/reservations/${encodeURIComponent(id)}/checkin-link/send`,
    /** The reservation reports (RH) of an establishment's reservations, and one's send (decision 071). */
    reports: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/reservation-reports`,
    guestLinks: (id: string) => `/reservations/${encodeURIComponent(id)}/guest-links`,
    sendReport: (id: string) => `/reservations/${encodeURIComponent(id)}/ses-report/send`,
    feeds: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/reservation-feeds`,
    feed: (id: string) => `/reservation-feeds/${encodeURIComponent(id)}`,
    fetchFeed: (id: string) => `/reservation-feeds/${encodeURIComponent(id)}/fetch`,
    calendarExport: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/reservations/calendar-export`,
    renewCalendarExport: (establishmentId: string) =>
      `/establishments/${encodeURIComponent(establishmentId)}/reservations/calendar-export/renew`,
  },
  establishments: {
    list: '/establishments',
    mine: '/establishments/user',
    one: (id: string) => `/establishments/${encodeURIComponent(id)}`,
    documentPhotos: (id: string) => `/establishments/${encodeURIComponent(id)}/document-photos`,
  },
  admin: {
    users: '/admin/users',
    user: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
    passwordReset: (id: string) => `/admin/users/${encodeURIComponent(id)}/password-reset`,
    reports: '/admin/reports',
    reportsCsv: '/admin/reports.csv',
    settings: '/admin/settings',
    establishmentTravelers: (id: string) => `/establishments/${encodeURIComponent(id)}/pilgrims`,
  },
} as const;
