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
import { TELE_HEALTH_ADD_ON } from '../../../domain/pricing';
import { changePlan, getCurrentPlan, getProviderPlans, type CurrentPlan, type ProviderPlan } from './api';
import { useCanChangePlan } from './useCanManage';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useRefreshViewer } from '../shell/ViewerContext';
import { toApiError, type ApiError } from '../settings/graphql';
import { reportApiError, useBanners } from '../shell/banners';
import { planIncludeKey, planKey } from '../i18n/catalog';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { ENGLISH_TRANSLATOR } from '../i18n/translator';
import '../i18n/features/plans';

/**
 * A plan's text from the API (its names and lines come from domain/pricing): the catalog's
 * translation when it is the text the catalog knows, the API's own text otherwise.
 */
function usePlanText() {
  const { t } = useI18n();
  return (key: string, apiText: string) => (ENGLISH_TRANSLATOR.t(key) === apiText ? t(key) : apiText);
}

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
  const { t, formatMoney } = useI18n();
  const planText = usePlanText();
  const nameOf = (plan: ProviderPlan) => planText(planKey(plan.id, 'name'), plan.name);
  const addOn = t('pricing.teleHealth.name');
  const price = (plan: ProviderPlan) => t('plans.price', { amount: formatMoney(plan.amount), interval: plan.interval });

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
      banners.show('success', t('plans.changed', { name: nameOf(choice.plan), teleHealth: next.teleHealth ? 'yes' : 'no', addOn }));
    } catch (error) {
      setFailure(toApiError(error));
    } finally {
      setSaving(false);
    }
  };

  const videoPrice = plans?.[0]?.videoFeatureAmount ?? TELE_HEALTH_ADD_ON.monthlyPriceUsdPerClinician;

  return (
    <ContentLayout header={<Header variant="h1" description={t('plans.description')}>{t('plans.title')}</Header>}>
      {plans === null ? (
        <Spinner size="large" />
      ) : (
        <SpaceBetween size="l">
          <ColumnLayout columns={3}>
            {plans.map((plan) => {
              const isCurrent = current?.planId === plan.id;
              const unchanged = isCurrent && current?.teleHealth === teleHealth;
              return (
                <section key={plan.id} aria-label={t('plans.region', { name: nameOf(plan) })}>
                <Container
                  header={
                    <Header
                      variant="h2"
                      description={plan.summary === null ? undefined : planText(planKey(plan.id, 'summary'), plan.summary)}
                      actions={isCurrent ? <Badge color="green">{t('plans.current')}</Badge> : undefined}
                    >
                      {nameOf(plan)}
                    </Header>
                  }
                >
                  <SpaceBetween size="s">
                    <Box variant="h3">{price(plan)}</Box>
                    <ul>
                      {plan.includes.map((item) => (
                        <li key={item}>{planText(planIncludeKey(plan.id, item), item)}</li>
                      ))}
                    </ul>
                    {canChange && (
                      <Button
                        variant={isCurrent ? 'normal' : 'primary'}
                        disabled={unchanged}
                        ariaLabel={t(isCurrent ? 'plans.updateNamed' : 'plans.changeTo', { name: nameOf(plan) })}
                        onClick={() => {
                          setFailure(null);
                          setChoice({ plan, teleHealth });
                        }}
                      >
                        {t(isCurrent ? (unchanged ? 'plans.yours' : 'plans.updateAddOn') : 'plans.change')}
                      </Button>
                    )}
                  </SpaceBetween>
                </Container>
                </section>
              );
            })}
          </ColumnLayout>
          <Container header={<Header variant="h2">{t('pricing.addOn', { name: addOn })}</Header>}>
            <SpaceBetween size="s">
              <Box>{t('plans.addOnText', { summary: t('pricing.teleHealth.summary'), price: formatMoney(videoPrice), has: current?.teleHealth ? 'yes' : 'no' })}</Box>
              {canChange && (
                <Checkbox checked={teleHealth} onChange={({ detail }) => setTeleHealth(detail.checked)}>
                  {t('plans.include', { name: addOn })}
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
          header={t('plans.confirmTitle', { name: nameOf(choice.plan) })}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setChoice(null)}>
                  {t('plans.cancel')}
                </Button>
                <Button variant="primary" loading={saving} onClick={() => void confirm()}>
                  {t('plans.confirm')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="s">
            {failure !== null && <SystemErrorAlert detail={failure} />}
            <Box>{t('plans.confirmText', { name: nameOf(choice.plan), price: price(choice.plan), teleHealth: choice.teleHealth ? 'yes' : 'no', addOn })}</Box>
          </SpaceBetween>
        </Modal>
      )}
    </ContentLayout>
  );
}
