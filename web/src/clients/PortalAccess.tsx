/**
 * The client's access to the client portal on their page (issue 12): where it stands (not invited;
 * invited, the link expires …; expired; active; revoked), Invite / Re-invite and Revoke access.
 * Roles or plans without the client portal see nothing (the API refuses the read).
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { useBanners } from '../shell/banners';
import { toApiError, type ApiError } from './api';
import { getClientPortalAccess, inviteClientToPortal, portalActions, revokeClientPortalAccess, type ClientPortalAccess, type ClientPortalState } from './portal-access-api';
import '../i18n/portal-messages';

const INDICATOR: Record<ClientPortalState, StatusIndicatorProps.Type> = {
  NOT_INVITED: 'stopped',
  INVITED: 'pending',
  EXPIRED: 'warning',
  ACTIVE: 'success',
  REVOKED: 'stopped',
};

type Load = { status: 'loading' } | { status: 'ready'; access: ClientPortalAccess } | { status: 'hidden' };

export function PortalAccess({ clientId }: { clientId: string }) {
  const { t, tm, formatDate } = useI18n();
  const banners = useBanners();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState<'invite' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let live = true;
    getClientPortalAccess(clientId).then(
      (access) => live && setLoad({ status: 'ready', access }),
      () => live && setLoad({ status: 'hidden' }),
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  if (load.status === 'hidden') return null;
  const access = load.status === 'ready' ? load.access : null;
  const actions = access ? portalActions(access.state) : { invite: false, reinvite: false, revoke: false };
  const when = (value: string | null) => (value ? formatDate(value, { style: 'timestamp' }) : '-');

  const run = async (kind: 'invite' | 'revoke') => {
    setBusy(kind);
    setError(null);
    try {
      const next = kind === 'invite' ? await inviteClientToPortal(clientId) : await revokeClientPortalAccess(clientId);
      setLoad({ status: 'ready', access: next });
      banners.show('success', kind === 'invite' ? t('clients.portal.sent', { email: next.email ?? '' }) : t('clients.portal.revokedNotice'));
    } catch (caught) {
      const failure: ApiError = toApiError(caught);
      // A refusal in its own words (no e-mail on the record, the portal off); anything else the generic message.
      setError(failure.errorType === 'ValidationError' || failure.errorType === 'ConflictError' || failure.errorType === 'BadRequest' ? tm(failure.message) : t('clients.portal.failed'));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const stateText = (a: ClientPortalAccess) => {
    switch (a.state) {
      case 'INVITED':
        return t('clients.portal.state.invited', { date: when(a.expiresAt) });
      case 'EXPIRED':
        return t('clients.portal.state.expired', { date: when(a.expiresAt) });
      case 'ACTIVE':
        return t('clients.portal.state.active', { date: when(a.acceptedAt) });
      case 'REVOKED':
        return t('clients.portal.state.revoked', { date: when(a.revokedAt) });
      default:
        return t('clients.portal.state.notInvited');
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('clients.invite.description')}
          actions={
            access && (
              <SpaceBetween direction="horizontal" size="xs">
                {actions.revoke && (
                  <Button onClick={() => setConfirming(true)} disabled={busy !== null}>
                    {t('clients.portal.revoke')}
                  </Button>
                )}
                {(actions.invite || actions.reinvite) && (
                  <Button variant="primary" iconName="envelope" loading={busy === 'invite'} disabled={busy === 'revoke'} onClick={() => void run('invite')}>
                    {actions.reinvite ? t('clients.portal.reinvite') : t('clients.invite.button')}
                  </Button>
                )}
              </SpaceBetween>
            )
          }
        >
          {t('clients.invite.title')}
        </Header>
      }
    >
      <SpaceBetween size="s">
        {access ? <StatusIndicator type={INDICATOR[access.state]}>{stateText(access)}</StatusIndicator> : <StatusIndicator type="loading">{t('clients.portal.loading')}</StatusIndicator>}
        {access?.email && access.state !== 'NOT_INVITED' && <Box variant="small">{t('clients.portal.sentTo', { email: access.email })}</Box>}
        {error && <Alert type="error">{error}</Alert>}
      </SpaceBetween>
      <Modal
        visible={confirming}
        onDismiss={() => setConfirming(false)}
        header={t('clients.portal.revokeTitle')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirming(false)}>
                {t('clients.portal.cancel')}
              </Button>
              <Button variant="primary" loading={busy === 'revoke'} onClick={() => void run('revoke')}>
                {t('clients.portal.revoke')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {t('clients.portal.revokeText')}
      </Modal>
    </Container>
  );
}
