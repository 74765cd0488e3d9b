import Stripe from 'stripe';

/**
 * Stripe's official SDK, or null without a secret key (billing off). `apiBase` (STRIPE_API_BASE)
 * points it at another host, port and protocol: a proxy, or the tests' local stand-in.
 */
export function createStripeClient(settings: {
  secretKey: string | undefined;
  apiBase: string | undefined;
}): Stripe | null {
  if (!settings.secretKey) return null;
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Hospes' },
  });
}
