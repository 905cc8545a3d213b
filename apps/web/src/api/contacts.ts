import {
  type Contact,
  type ContactCreateInput,
  type ContactListResponse,
  type ContactUpdateInput,
  CONTACTS_PER_BRAND_LIMIT,
} from '@funil/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { Contact, ContactListResponse };

export const contactKeys = {
  all: ['api', 'contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  brandList: (brandId: string) => [...contactKeys.lists(), { brandId }] as const,
};

/**
 * The prefix of every brand query (api/brands.ts uses it too): a brand embeds its principal
 * contact, so any contact change may change what the brand list and the brand screen show.
 */
export const BRAND_QUERY_PREFIX = ['api', 'brands'] as const;

/** A brand has at most CONTACTS_PER_BRAND_LIMIT contacts, so one page holds them all. */
export function listBrandContacts(brandId: string, signal?: AbortSignal) {
  return http.get<ContactListResponse>('/api/contacts', {
    params: { brand_id: brandId, limit: CONTACTS_PER_BRAND_LIMIT },
    signal,
  });
}

export function createContact(body: ContactCreateInput) {
  return http.post<Contact>('/api/contacts', body);
}

export function updateContact(id: string, body: ContactUpdateInput) {
  return http.patch<Contact>(`/api/contacts/${encodeURIComponent(id)}`, body);
}

export function deleteContact(id: string) {
  return http.delete<void>(`/api/contacts/${encodeURIComponent(id)}`);
}

export const brandContactsQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: contactKeys.brandList(brandId),
    queryFn: ({ signal }) => listBrandContacts(brandId, signal),
  });

/** What a saved, toggled or deleted contact makes out of date: every contact list and every brand query. */
export function invalidateContactQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    queryClient.invalidateQueries({ queryKey: BRAND_QUERY_PREFIX }),
  ]);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => invalidateContactQueries(queryClient),
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContactUpdateInput }) => updateContact(id, body),
    onSuccess: () => invalidateContactQueries(queryClient),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => invalidateContactQueries(queryClient),
  });
}
