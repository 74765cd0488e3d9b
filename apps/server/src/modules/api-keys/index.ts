/**
 * API keys, as the other modules see them (decision 068): the service app.ts builds and the
 * auth plugin asks to authenticate a `hsp_live_…` bearer token.
 */
export type { ApiKeysService } from './api-keys.service';
/** What a key's maker holds now, which narrows what the key acts with (the team's memberships). */
export { makerNow, permissionsInForce, type MakerNow } from './maker';
