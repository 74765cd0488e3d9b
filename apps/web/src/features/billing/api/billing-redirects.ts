import { useMutation } from '@tanstack/react-query';
import { RedirectResponseSchema, type CheckoutInput } from '@hospes/shared/billing';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Sends the browser to a page of Stripe's (its checkout, its billing portal); tests replace it. */
export const stripePages = {
  go(url: string) {
    window.location.assign(url);
  },
};

/** POST /api/billing/checkout, then Stripe's checkout page. */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      api.post(apiPaths.billing.checkout, input, { schema: RedirectResponseSchema }),
    onSuccess: (answer) => stripePages.go(answer.data.url),
  });
}

/** POST /api/billing/portal, then Stripe's billing portal. */
export function usePortal() {
  return useMutation({
    mutationFn: () =>
      api.post(apiPaths.billing.portal, undefined, { schema: RedirectResponseSchema }),
    onSuccess: (answer) => stripePages.go(answer.data.url),
  });
}
