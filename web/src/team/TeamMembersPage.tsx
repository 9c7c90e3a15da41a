import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useState } from 'react';
import { PERMISSIONS } from '../../../domain/permissions';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useHolds } from '../plans/useCanManage';
import { reportApiError, useBanners } from '../shell/banners';
import { listAllTeamMembers, removeTeamMember, type TeamMember } from './api';
import { memberName, rolesText } from './roles';
import { TeamMemberModal } from './TeamMemberModal';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

const isOwner = (m: TeamMember) => m.grantedRoles.includes('owner');

/** The practice's team (owner and clinician admin): add a member, edit their roles, remove them. */
export default function TeamMembersPage() {
  const canManage = useHolds(PERMISSIONS.teamMembers);
  const banners = useBanners();
  const i18n = useI18n();
  const { t } = i18n;
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setMembers(await listAllTeamMembers());
    } catch (error) {
      reportApiError(error);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const onSaved = (saved: TeamMember) => {
    const added = editing === 'new';
    setEditing(null);
    setMembers((list) => (added ? [...list, saved] : list.map((m) => (m.id === saved.id ? saved : m))));
    banners.show('success', t(added ? 'team.added' : 'team.saved', { name: memberName(saved) }));
  };

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveFailure(null);
    try {
      await removeTeamMember(removing.id);
      setMembers((list) => list.filter((m) => m.id !== removing.id));
      banners.show('success', t('team.removed', { name: memberName(removing) }));
      setRemoving(null);
    } catch (error) {
      setRemoveFailure((error as Error).message ?? '');
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <>
      <Table
        variant="full-page"
        loading={loading}
        loadingText={t('team.loading')}
        items={members}
        trackBy="id"
        ariaLabels={{ tableLabel: t('team.title') }}
        header={
          <Header
            variant="h1"
            counter={loading ? undefined : `(${members.length})`}
            actions={
              canManage && (
                <Button variant="primary" onClick={() => setEditing('new')}>
                  {t('team.add')}
                </Button>
              )
            }
          >
            {t('team.title')}
          </Header>
        }
        empty={<Box textAlign="center">{t('team.empty')}</Box>}
        columnDefinitions={[
          { id: 'name', header: t('team.column.name'), cell: (m) => memberName(m) || '-', isRowHeader: true },
          { id: 'email', header: t('team.field.email'), cell: (m) => m.email ?? '-' },
          { id: 'roles', header: t('team.roles'), cell: (m) => rolesText(m, i18n) },
          {
            id: 'actions',
            header: t('team.column.actions'),
            cell: (m) =>
              canManage && !isOwner(m) ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" ariaLabel={t('team.editRolesOf', { name: memberName(m) })} onClick={() => setEditing(m)}>
                    {t('team.editRoles')}
                  </Button>
                  <Button
                    variant="inline-link"
                    ariaLabel={t('team.removeName', { name: memberName(m) })}
                    onClick={() => {
                      setRemoveFailure(null);
                      setRemoving(m);
                    }}
                  >
                    {t('team.remove')}
                  </Button>
                </SpaceBetween>
              ) : (
                <Box color="text-body-secondary">{isOwner(m) ? t('team.owner') : ''}</Box>
              ),
          },
        ]}
      />
      {editing && <TeamMemberModal member={editing === 'new' ? null : editing} onDismiss={() => setEditing(null)} onSaved={onSaved} />}
      {removing && (
        <Modal
          visible
          onDismiss={() => setRemoving(null)}
          header={t('team.removeTitle', { name: memberName(removing) })}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setRemoving(null)}>
                  {t('team.cancel')}
                </Button>
                <Button variant="primary" loading={removeBusy} onClick={() => void remove()}>
                  {t('team.remove')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="s">
            {removeFailure !== null && <SystemErrorAlert detail={removeFailure} />}
            <Box>{t('team.removeExplained')}</Box>
          </SpaceBetween>
        </Modal>
      )}
    </>
  );
}
