import { Link } from 'react-router-dom';
import { FEATURE_MATRIX, PLAN_OFFERS, planIncludes, TELE_HEALTH_ADD_ON } from '../../../domain/pricing';
import { featureKey, planIncludeKey, planKey } from '../i18n/catalog';
import { useI18n } from '../i18n/I18nProvider';
import { CrossIcon, TickIcon } from './icons';
import { PublicLayout } from './PublicLayout';

/** Pricing guide (spec part 1 §2): plan cards and the feature matrix, both from domain/pricing.ts. */
export default function PricingPage() {
  const { t, formatMoney } = useI18n();
  return (
    <PublicLayout>
      <section className="pub-section" aria-labelledby="pricing-title">
        <h1 id="pricing-title">{t('pricing.title')}</h1>
        <p className="pub-lead">
          {t('pricing.lead')} {t('pricing.member')} <Link to="/signin">{t('public.nav.login')}</Link>
        </p>

        <ul className="pub-plans" aria-label={t('pricing.plans')}>
          {PLAN_OFFERS.map((plan) => (
            <li key={plan.id} className={`pub-plan${plan.id === 'premium' ? ' pub-plan-featured' : ''}`}>
              <h2 id={`plan-${plan.id}`}>{t(planKey(plan.id, 'name'))}</h2>
              <p className="pub-price">
                {formatMoney(plan.monthlyPriceUsd)}
                <span> {plan.monthlyPriceUsd === 0 ? t('pricing.free') : t('pricing.perMonth')}</span>
              </p>
              <p className="pub-plan-summary">{t(planKey(plan.id, 'summary'))}</p>
              <ul className="pub-plan-includes">
                {plan.includes.map((line) => (
                  <li key={line}>
                    <TickIcon />
                    {t(planIncludeKey(plan.id, line))}
                  </li>
                ))}
              </ul>
              <Link to="/signup" className="pub-button" aria-describedby={`plan-${plan.id}`}>
                {t('public.nav.signup')}
              </Link>
            </li>
          ))}
          <li className="pub-plan pub-plan-addon">
            <h2 id="plan-telehealth">{t('pricing.addOn', { name: t('pricing.teleHealth.name') })}</h2>
            <p className="pub-price">
              {formatMoney(TELE_HEALTH_ADD_ON.monthlyPriceUsdPerClinician)}
              <span> {t('pricing.perMonthPerClinician')}</span>
            </p>
            <p className="pub-plan-summary">{t('pricing.teleHealth.summary')}</p>
            <p>{t('pricing.teleHealth.text')}</p>
          </li>
        </ul>
      </section>

      <section className="pub-section pub-matrix-section" aria-labelledby="matrix-title">
        <h2 id="matrix-title">{t('pricing.matrix.title')}</h2>
        <div className="pub-table-scroll">
          <table className="pub-matrix">
            <caption className="pub-visually-hidden">{t('pricing.matrix.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pricing.matrix.feature')}</th>
                {PLAN_OFFERS.map((plan) => (
                  <th key={plan.id} scope="col">
                    {t(planKey(plan.id, 'matrixName'))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FEATURE_MATRIX.map((feature) => (
                <tr key={feature.name}>
                  <th scope="row">{t(featureKey(feature.name))}</th>
                  {PLAN_OFFERS.map((plan) =>
                    planIncludes(plan.id, feature) ? (
                      <td key={plan.id} className="pub-yes">
                        <TickIcon />
                        <span className="pub-visually-hidden">{t('pricing.matrix.included')}</span>
                      </td>
                    ) : (
                      <td key={plan.id} className="pub-no">
                        <CrossIcon />
                        <span className="pub-visually-hidden">{t('pricing.matrix.notIncluded')}</span>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </PublicLayout>
  );
}
