import { Link } from 'react-router-dom';
import { FEATURE_MATRIX, formatUsd, PLAN_OFFERS, planIncludes, TELE_HEALTH_ADD_ON } from '../../../domain/pricing';
import { CrossIcon, TickIcon } from '../public/icons';
import { PublicLayout } from '../public/PublicLayout';

/** Pricing guide (spec part 1 §2): plan cards and the feature matrix, both from domain/pricing.ts. */
export default function PricingPage() {
  return (
    <PublicLayout>
      <section className="pub-section" aria-labelledby="pricing-title">
        <h1 id="pricing-title">Pricing</h1>
        <p className="pub-lead">
          Start free and upgrade when your practice needs more. Already a member? <Link to="/signin">Login</Link>
        </p>

        <ul className="pub-plans" aria-label="Plans">
          {PLAN_OFFERS.map((plan) => (
            <li key={plan.id} className={`pub-plan${plan.id === 'premium' ? ' pub-plan-featured' : ''}`}>
              <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
              <p className="pub-price">
                {formatUsd(plan.monthlyPriceUsd)}
                <span>{plan.monthlyPriceUsd === 0 ? ' free' : ' / month'}</span>
              </p>
              <p className="pub-plan-summary">{plan.summary}</p>
              <ul className="pub-plan-includes">
                {plan.includes.map((line) => (
                  <li key={line}>
                    <TickIcon />
                    {line}
                  </li>
                ))}
              </ul>
              <Link to="/signup" className="pub-button" aria-describedby={`plan-${plan.id}`}>
                Signup Now
              </Link>
            </li>
          ))}
          <li className="pub-plan pub-plan-addon">
            <h2 id="plan-telehealth">{TELE_HEALTH_ADD_ON.name} add-on</h2>
            <p className="pub-price">
              {formatUsd(TELE_HEALTH_ADD_ON.monthlyPriceUsdPerClinician)}
              <span> / month per clinician</span>
            </p>
            <p className="pub-plan-summary">{TELE_HEALTH_ADD_ON.summary}</p>
            <p>Add it to any plan for each clinician who sees clients by video.</p>
          </li>
        </ul>
      </section>

      <section className="pub-section pub-matrix-section" aria-labelledby="matrix-title">
        <h2 id="matrix-title">Compare features</h2>
        <div className="pub-table-scroll">
          <table className="pub-matrix">
            <caption className="pub-visually-hidden">Features included in each plan</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {PLAN_OFFERS.map((plan) => (
                  <th key={plan.id} scope="col">
                    {plan.matrixName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FEATURE_MATRIX.map((feature) => (
                <tr key={feature.name}>
                  <th scope="row">{feature.name}</th>
                  {PLAN_OFFERS.map((plan) =>
                    planIncludes(plan.id, feature) ? (
                      <td key={plan.id} className="pub-yes">
                        <TickIcon />
                        <span className="pub-visually-hidden">Included</span>
                      </td>
                    ) : (
                      <td key={plan.id} className="pub-no">
                        <CrossIcon />
                        <span className="pub-visually-hidden">Not included</span>
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
