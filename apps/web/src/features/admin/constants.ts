/** Spec §9: after creating an establishment, its page opens after this delay. */
export const CREATE_REDIRECT_MS = 3_000;
