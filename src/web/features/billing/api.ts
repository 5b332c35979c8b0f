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

/**
 * How `/buy/{order}` waits for the provider's confirmation: a webhook may come a moment after
 * the buyer is back, so an order still waiting is asked about again, a few times, then the
 * page gives its final word. By count, not by clock: the page always ends.
 */
export const ORDER_POLLING = { every: 2000, times: 8 } as const;

export type OrderWatch = OrderStatusAnswer & { gaveUp: boolean };

/**
 * `orderstatus` of one of the caller's orders, asked again while it is waiting (status 0)
 * and at most `ORDER_POLLING.times` times in all. `gaveUp` says the asking is over with the
 * order still unpaid: a never-paid, expired or abandoned order, which the page reports as
 * not processed. An unknown order (or another's) is an error at once.
 */
export function useOrderStatus(order: number, lang: Lang) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.billing.order(order),
    enabled: order > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<OrderWatch> => {
      const a = await postJson<Omit<OrderStatusAnswer, 'Error'>>(DirectPaths.payment, {
        action: 'orderstatus',
        order,
        lang,
      });
      if (a.Error !== 0) throw new ApiError(a.Error, a.Errstr ?? '');
      // Paid: what was bought (credits, permissions) shows everywhere at once.
      if ((a.status ?? 0) >= 1)
        void qc.invalidateQueries({
          predicate: (q) => q.queryKey[0] !== queryKeys.billing.anyOrder()[0],
        });
      const asked = (qc.getQueryState(queryKeys.billing.order(order))?.dataUpdateCount ?? 0) + 1;
      return { ...a, Error: 0, gaveUp: (a.status ?? 0) === 0 && asked >= ORDER_POLLING.times };
    },
    refetchInterval: (query) => {
      const d = query.state.data;
      return d && (d.status ?? 0) === 0 && !d.gaveUp ? ORDER_POLLING.every : false;
    },
    refetchIntervalInBackground: true,
  });
}
