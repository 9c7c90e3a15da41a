import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useState } from 'react';
import { PERMISSIONS } from '../../../domain/permissions';
import { SystemErrorAlert } from '../clients/SystemErrorAlert';
import { useHolds } from '../plans/useCanManage';
import { reportApiError, useBanners } from '../shell/banners';
import { listAllTeamMembers, removeTeamMember, type TeamMember } from '../team/api';
import { memberName, rolesText } from '../team/roles';
import { TeamMemberModal } from '../team/TeamMemberModal';

const isOwner = (m: TeamMember) => m.grantedRoles.includes('owner');

/** The practice's team (owner and clinician admin): add a member, edit their roles, remove them. */
export default function TeamMembersPage() {
  const canManage = useHolds(PERMISSIONS.teamMembers);
  const banners = useBanners();
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
    banners.show('success', added ? `${memberName(saved)} was added. An invitation was sent to their e-mail.` : `${memberName(saved)} was saved.`);
  };

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveFailure(null);
    try {
      await removeTeamMember(removing.id);
      setMembers((list) => list.filter((m) => m.id !== removing.id));
      banners.show('success', `${memberName(removing)} was removed.`);
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
        loadingText="Loading team members"
        items={members}
        trackBy="id"
        ariaLabels={{ tableLabel: 'Team members' }}
        header={
          <Header
            variant="h1"
            counter={loading ? undefined : `(${members.length})`}
            actions={
              canManage && (
                <Button variant="primary" onClick={() => setEditing('new')}>
                  Add member
                </Button>
              )
            }
          >
            Team Members
          </Header>
        }
        empty={<Box textAlign="center">No team members yet.</Box>}
        columnDefinitions={[
          { id: 'name', header: 'Name', cell: (m) => memberName(m) || '-', isRowHeader: true },
          { id: 'email', header: 'E-mail', cell: (m) => m.email ?? '-' },
          { id: 'roles', header: 'Roles', cell: rolesText },
          {
            id: 'actions',
            header: 'Actions',
            cell: (m) =>
              canManage && !isOwner(m) ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" ariaLabel={`Edit roles of ${memberName(m)}`} onClick={() => setEditing(m)}>
                    Edit roles
                  </Button>
                  <Button
                    variant="inline-link"
                    ariaLabel={`Remove ${memberName(m)}`}
                    onClick={() => {
                      setRemoveFailure(null);
                      setRemoving(m);
                    }}
                  >
                    Remove
                  </Button>
                </SpaceBetween>
              ) : (
                <Box color="text-body-secondary">{isOwner(m) ? 'Practice owner' : ''}</Box>
              ),
          },
        ]}
      />
      {editing && <TeamMemberModal member={editing === 'new' ? null : editing} onDismiss={() => setEditing(null)} onSaved={onSaved} />}
      {removing && (
        <Modal
          visible
          onDismiss={() => setRemoving(null)}
          header={`Remove ${memberName(removing)}?`}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setRemoving(null)}>
                  Cancel
                </Button>
                <Button variant="primary" loading={removeBusy} onClick={() => void remove()}>
                  Remove
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="s">
            {removeFailure !== null && <SystemErrorAlert detail={removeFailure} />}
            <Box>They lose access to the practice on their next request.</Box>
          </SpaceBetween>
        </Modal>
      )}
    </>
  );
}
