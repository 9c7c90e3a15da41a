import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { TELE_HEALTH_ADD_ON, formatUsd } from '../../../domain/pricing';
import { changePlan, getCurrentPlan, getProviderPlans, type CurrentPlan, type ProviderPlan } from './api';
import { useCanChangePlan } from './useCanManage';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useRefreshViewer } from '../shell/ViewerContext';
import { toApiError, type ApiError } from '../settings/graphql';
import { reportApiError, useBanners } from '../shell/banners';

interface Choice {
  plan: ProviderPlan;
  teleHealth: boolean;
}

/** The three plans and the Tele Health add-on, the practice's current plan marked; owner/admin may change it. */
export default function UpgradePlanPage() {
  const [plans, setPlans] = useState<ProviderPlan[] | null>(null);
  const [current, setCurrent] = useState<CurrentPlan | null>(null);
  const [teleHealth, setTeleHealth] = useState(false);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | ApiError | null>(null);
  const canChange = useCanChangePlan();
  const banners = useBanners();
  const refreshViewer = useRefreshViewer();

  const load = useCallback(async () => {
    try {
      const [all, mine] = await Promise.all([getProviderPlans(), getCurrentPlan()]);
      setPlans(all);
      setCurrent(mine);
      setTeleHealth(mine.teleHealth);
    } catch (error) {
      reportApiError(error);
      setPlans([]);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const confirm = async () => {
    if (!choice) return;
    setSaving(true);
    setFailure(null);
    try {
      const next = await changePlan(choice.plan.id, choice.teleHealth);
      // The new plan takes effect at once: the menu, the top bar and the route gate read it again.
      await refreshViewer();
      setCurrent(next);
      setTeleHealth(next.teleHealth);
      setChoice(null);
      banners.show('success', `Your plan is now ${choice.plan.name}${next.teleHealth ? ` with ${TELE_HEALTH_ADD_ON.name}` : ''}.`);
    } catch (error) {
      setFailure(toApiError(error));
    } finally {
      setSaving(false);
    }
  };

  const videoPrice = plans?.[0]?.videoFeatureAmount ?? TELE_HEALTH_ADD_ON.monthlyPriceUsdPerClinician;

  return (
    <ContentLayout header={<Header variant="h1" description="Choose the plan that fits your practice.">Upgrade plan</Header>}>
      {plans === null ? (
        <Spinner size="large" />
      ) : (
        <SpaceBetween size="l">
          <ColumnLayout columns={3}>
            {plans.map((plan) => {
              const isCurrent = current?.planId === plan.id;
              const unchanged = isCurrent && current?.teleHealth === teleHealth;
              return (
                <section key={plan.id} aria-label={`${plan.name} plan`}>
                <Container
                  header={
                    <Header
                      variant="h2"
                      description={plan.summary ?? undefined}
                      actions={isCurrent ? <Badge color="green">Current plan</Badge> : undefined}
                    >
                      {plan.name}
                    </Header>
                  }
                >
                  <SpaceBetween size="s">
                    <Box variant="h3">
                      {formatUsd(plan.amount)} / {plan.interval}
                    </Box>
                    <ul>
                      {plan.includes.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                    {canChange && (
                      <Button
                        variant={isCurrent ? 'normal' : 'primary'}
                        disabled={unchanged}
                        ariaLabel={isCurrent ? `Update ${plan.name}` : `Change to ${plan.name}`}
                        onClick={() => {
                          setFailure(null);
                          setChoice({ plan, teleHealth });
                        }}
                      >
                        {isCurrent ? (unchanged ? 'Your plan' : 'Update add-on') : 'Change plan'}
                      </Button>
                    )}
                  </SpaceBetween>
                </Container>
                </section>
              );
            })}
          </ColumnLayout>
          <Container header={<Header variant="h2">{TELE_HEALTH_ADD_ON.name} add-on</Header>}>
            <SpaceBetween size="s">
              <Box>
                {TELE_HEALTH_ADD_ON.summary} {formatUsd(videoPrice)} per clinician per month, on top of any plan.
                {current?.teleHealth ? ' Your practice has it.' : ''}
              </Box>
              {canChange && (
                <Checkbox checked={teleHealth} onChange={({ detail }) => setTeleHealth(detail.checked)}>
                  Include {TELE_HEALTH_ADD_ON.name}
                </Checkbox>
              )}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      )}
      {choice && (
        <Modal
          visible
          onDismiss={() => setChoice(null)}
          header={`Change to ${choice.plan.name}?`}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setChoice(null)}>
                  Cancel
                </Button>
                <Button variant="primary" loading={saving} onClick={() => void confirm()}>
                  Confirm
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="s">
            {failure !== null && <SystemErrorAlert detail={failure} />}
            <Box>
              Every member of your practice moves to {choice.plan.name} ({formatUsd(choice.plan.amount)} / {choice.plan.interval})
              {choice.teleHealth ? ` with ${TELE_HEALTH_ADD_ON.name}` : ` without ${TELE_HEALTH_ADD_ON.name}`}, from their next request.
            </Box>
          </SpaceBetween>
        </Modal>
      )}
    </ContentLayout>
  );
}
