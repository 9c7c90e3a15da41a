import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useViewer } from '../shell/ViewerContext';
import { restoreClient, type Client, type ClientListStatus } from './api';
import { useT } from '../i18n/I18nProvider';
import { clientName } from './client-name';
import { ClientsTable, SEARCH_MIN_LENGTH } from './ClientsTable';
import { reportApiError, useBanners } from '../shell/banner-state';
import { useClientPages, useDebounced } from './useClientPages';
import { useClientRights } from './useClientRights';
import '../i18n/portal-messages';

// The form and the confirmation load when first opened: the list itself stays light.
const ClientFormModal = lazy(() => import('./ClientFormModal').then((m) => ({ default: m.ClientFormModal })));
const RemoveClientModal = lazy(() => import('./RemoveClientModal').then((m) => ({ default: m.RemoveClientModal })));

/** Wait this long after the last keystroke before asking the server to search. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the detail page hands over in router state after a removal (history state: no names). */
export interface ClientsPageState {
  addClient?: boolean;
  removed?: boolean;
}

/** The practice's clients (or the viewer's own, as the API decides): find, add, edit, remove. */
export default function ClientsPage() {
  const { user } = useAuth();
  const viewer = useViewer();
  const email = viewer.status === 'ready' ? viewer.me.email || user?.email : user?.email;
  const rights = useClientRights();
  const banners = useBanners();
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();

  const [filteringText, setFilteringText] = useState('');
  const settled = useDebounced(filteringText.trim(), SEARCH_DEBOUNCE_MS);
  // Active clients (server search) or, chosen in the status filter, archived ones (issue 19).
  const [status, setStatus] = useState<ClientListStatus>('active');
  const archived = status === 'archived';
  const list = useClientPages(archived ? null : '');
  const archivedList = useClientPages(archived ? '' : null, 'archived');
  const search = useClientPages(!archived && settled.length >= SEARCH_MIN_LENGTH ? settled : null);
  const searching = !archived && filteringText.trim().length >= SEARCH_MIN_LENGTH;

  // While searching, the server's name matches join what is already loaded (which the filter also
  // matches by e-mail, phone and date of birth); paging goes on through the search's own pages.
  const source = useMemo(() => {
    if (archived) return archivedList;
    if (!searching) return list;
    const known = new Set(search.items.map((c) => c.id));
    const items = search.items.concat(list.items.filter((c) => !known.has(c.id)));
    return { ...search, items, loading: search.loading || settled !== filteringText.trim() };
  }, [archived, archivedList, searching, list, search, settled, filteringText]);

  const [editing, setEditing] = useState<Client | 'new' | null>(null);
  const [removing, setRemoving] = useState<Client | null>(null);

  useEffect(() => {
    if (source.error) reportApiError(source.error);
  }, [source.error]);

  // The top bar's Add arrives with {addClient: true}; the detail page with {removed: true}. Each is
  // used once, then cleared so Back or a reload does not repeat it.
  useEffect(() => {
    const state = location.state as ClientsPageState | null;
    if (!state) return;
    if (state.addClient && !rights.canCreate) return; // the viewer is still loading
    if (state.addClient) setEditing('new');
    // The shell clears banners when the path changes, after this page's effects: show it next tick.
    if (state.removed) setTimeout(() => banners.show('success', t('clients.removed')), 0);
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.key, location.state, location.pathname, rights.canCreate, navigate, banners, t]);

  const onSaved = (saved: Client) => {
    const added = editing === 'new';
    setEditing(null);
    banners.show('success', t(added ? 'clients.added' : 'clients.saved', { name: clientName(saved) }));
    list.reload();
    if (searching) search.reload();
  };
  const onRestore = async (client: Client) => {
    try {
      const restored = await restoreClient(client.id);
      archivedList.forget(client.id);
      list.reload();
      banners.show('success', t('clients.restored', { name: clientName(restored) }));
    } catch (error) {
      reportApiError(error);
    }
  };
  const onRemoved = (client: Client) => {
    setRemoving(null);
    list.forget(client.id);
    search.forget(client.id);
    banners.show('success', t('clients.removedNamed', { name: clientName(client) }));
  };

  return (
    <>
      <ClientsTable
        source={source}
        filteringText={filteringText}
        onFilteringTextChange={setFilteringText}
        canCreate={rights.canCreate}
        canRemove={rights.canRemove}
        onAdd={() => setEditing('new')}
        onEdit={(client) => setEditing(client)}
        onRemove={(client) => setRemoving(client)}
        description={t('clients.signedInAs', { email: email ?? '' })}
        status={status}
        onStatusChange={setStatus}
        onRestore={(client) => void onRestore(client)}
      />
      <Suspense fallback={null}>
        {editing && <ClientFormModal client={editing === 'new' ? null : editing} onDismiss={() => setEditing(null)} onSaved={onSaved} />}
        {removing && (
          <RemoveClientModal
            client={removing}
            onDismiss={() => setRemoving(null)}
            onRemoved={onRemoved}
            onFailed={(error) => {
              setRemoving(null);
              reportApiError(error);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
