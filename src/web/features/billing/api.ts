import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatusAnswer, PayAnswer } from '../../../protocol/direct.ts';
import { DirectPaths } from '../../../protocol/paths.ts';
import type { ActionInput } from '../../../protocol/registry.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { postJson } from '../../shared/api/client.ts';
import { ApiError } from '../../shared/api/errors.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** The profile (GetSetUserData without fields reads it). */
export function useGetSetUserData() {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.billing.userData(email),
    queryFn: () => callOrThrow('GetSetUserData', {}),
  });
}

export type ProfileSave = Pick<
  ActionInput<'GetSetUserData'>,
  'fullname' | 'password' | 'autoread' | 'notes' | 'lang'
>;

export function useSaveUserData() {
  const qc = useQueryClient();
  const email = useStored('email');
  return useMutation({
    mutationFn: (input: ProfileSave) => callOrThrow('GetSetUserData', input),
    onSuccess: (data) => qc.setQueryData(queryKeys.billing.userData(email), data),
  });
}

export function useOrderHistory(lang: Lang) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.billing.orders(email, lang),
    queryFn: () => callOrThrow('OrderHistory', { lang }),
  });
}

export function useGetSubscriptionStatus(lang: Lang) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.billing.status(email, lang),
    queryFn: () => callOrThrow('GetSubscriptionStatus', { lang }),
  });
}

/** On sale, in the language; monthly types left out while the caller has a monthly subscription. */
export function useGetSubscriptionTypes(lang: Lang) {
  return useQuery({
    queryKey: queryKeys.billing.types(lang),
    queryFn: () => callOrThrow('GetSubscriptionTypes', { lang }),
  });
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callOrThrow('CancelSubscription', {}),
    onSuccess: () => qc.invalidateQueries(),
  });
}

export function useBillingPortal() {
  return useMutation({
    mutationFn: () => callOrThrow('BillingPortal', {}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** `pay`: makes the order and answers the page for the payment frame. */
export function usePay() {
  return useMutation({
    mutationFn: async ({ type, lang }: { type: number; lang: Lang }) => {
      const a = await postJson<Omit<PayAnswer, 'Error'>>(DirectPaths.payment, {
        action: 'pay',
        type,
        lang,
      });
      if (a.Error !== 0 || !a.url) throw new ApiError(a.Error, a.Errstr ?? '');
      return { url: a.url, order: a.order ?? 0 };
    },
  });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `orderstatus` of one of the caller's orders. While it waits for the provider's
 * confirmation (status 0: a webhook may come a moment after the buyer is back), it asks
 * again for up to half a minute before answering.
 */
export function useOrderStatus(order: number, lang: Lang) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.billing.order(order),
    enabled: order > 0,
    staleTime: Infinity,
    queryFn: async () => {
      for (let attempt = 0; ; attempt++) {
        const a = await postJson<Omit<OrderStatusAnswer, 'Error'>>(DirectPaths.payment, {
          action: 'orderstatus',
          order,
          lang,
        });
        if (a.Error !== 0) throw new ApiError(a.Error, a.Errstr ?? '');
        if (a.status !== 0 || attempt >= 15) {
          // Paid: what was bought (credits, permissions) shows everywhere at once.
          if ((a.status ?? 0) >= 1)
            void qc.invalidateQueries({
              predicate: (q) => q.queryKey[0] !== queryKeys.billing.anyOrder()[0],
            });
          return a;
        }
        await wait(2000);
      }
    },
  });
}
