/**
 * API keys, as the other modules see them (decision 068): the service app.ts builds and the
 * auth plugin asks to authenticate a `hsp_live_…` bearer token.
 */
export type { ApiKeysService } from './api-keys.service';
