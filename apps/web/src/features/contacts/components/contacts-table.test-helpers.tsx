import { type Contact, contactSchema } from '@funil/shared';
import { render, screen, within } from '@testing-library/react';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { apiContact, apiList, fixtureId } from '@/test/api-fixtures';
import { stubApi, type StubRoute } from '@/test/api-stub';
import { ContactsTable } from './contacts-table';

// Test-only helpers shared by the contacts table's test files.

export const BRAND_ID = fixtureId(1);
export const BRANDS_KEY = ['api', 'brands', 'list', { page: 1 }] as const;

export const ANA = apiContact('Ana', {
  id: fixtureId(101),
  _id: fixtureId(101),
  position: 'Diretora',
  last_name: 'Souza',
  email: 'ana@marca.com.br',
  phone_number: '5511999999999',
  flag: 'principal',
});
export const BRUNO = apiContact('Bruno', {
  id: fixtureId(102),
  _id: fixtureId(102),
  last_name: 'Lima',
  email: 'bruno@marca.com.br',
  phone_number: '551130000000',
});
export const CAIO = apiContact('Caio', {
  id: fixtureId(103),
  _id: fixtureId(103),
  position: 'Compras',
  last_name: 'Teixeira',
  email: 'caio@marca.com.br',
  phone_number: '5521988887777',
  status: 'inactive',
});

/**
 * A small contacts API that remembers: GET answers the current list, POST adds to it, PATCH
 * changes a contact (and, like the server, demotes the previous principal), DELETE removes one.
 * `routes` replaces any of them.
 */
export function stubContactsApi(initial: Contact[], routes: Record<string, StubRoute> = {}) {
  let contacts = [...initial];
  const byId = (path: string) => path.split('/').pop() ?? '';
  const contactRoutes: Record<string, StubRoute> = {
    'GET /api/contacts': () => ({ body: apiList(contactSchema, contacts, { limit: 100 }) }),
    'POST /api/contacts': ({ body }) => {
      const created = apiContact('Nova', {
        ...(body as Partial<Contact>),
        id: fixtureId(900 + contacts.length),
        _id: fixtureId(900 + contacts.length),
      });
      contacts = [created, ...contacts];
      return { status: 201, body: created };
    },
  };
  for (const contact of initial) {
    const path = `/api/contacts/${contact.id}`;
    contactRoutes[`PATCH ${path}`] = ({ body, path: requested }) => {
      const changes = body as Partial<Contact>;
      contacts = contacts.map((item) => {
        if (item.id === byId(requested)) return { ...item, ...changes };
        return changes.flag === 'principal' ? { ...item, flag: 'secundario' } : item;
      });
      return { body: contacts.find((item) => item.id === byId(requested)) };
    };
    contactRoutes[`DELETE ${path}`] = ({ path: requested }) => {
      contacts = contacts.filter((item) => item.id !== byId(requested));
      return { status: 204 };
    };
  }
  return stubApi({ ...contactRoutes, ...routes });
}

export function renderContactsTable(props: { canDelete?: boolean; brandName?: string } = {}) {
  const queryClient = createQueryClient();
  // A brand list in the cache, as the brand screens leave it: a contact change must invalidate it.
  queryClient.setQueryData(BRANDS_KEY, { data: [], total: 0, page: 1, limit: 20 });
  render(
    <AppProvider queryClient={queryClient}>
      <ContactsTable brandId={BRAND_ID} canDelete={props.canDelete ?? false} brandName={props.brandName} />
    </AppProvider>,
  );
  return { queryClient };
}

/** The table, once it shows the contact whose text is `loaded` (Ana's email unless told). */
export async function contactsTable(loaded = ANA.email, name = 'Contatos da marca') {
  const table = await screen.findByRole('table', { name });
  await within(table).findByText(loaded);
  return table;
}

/** The row that shows `text` (a saved contact's row, by its email for instance). */
export function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`No row shows "${text}"`);
  return row;
}

/**
 * The newest toast (the one in front: one shows at a time), once its text includes `text`; an
 * older toast with the same text does not count.
 */
export async function findToast(text: string): Promise<HTMLElement> {
  return screen.findByText((_, element) =>
    Boolean(
      element?.hasAttribute('data-sonner-toast') &&
      element.getAttribute('data-front') === 'true' &&
      element.textContent?.includes(text),
    ),
  );
}
