/**
 * The client's session package on the portal's Billing page (issue 15, session 8): what the practice
 * put them on, this period's sessions used and left, and "Start package" — paying it by card every
 * month on the card processor's page (one request id per click, kept: a double click opens the same
 * page; none for a free package). Once it renews by card, until when it is paid; past due says so;
 * a package the practice ended shows until its last period is over, with the day it ends.
 */
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../../domain/billing/money';
import { Notice } from '../parts/form';
import { clientPackages, clientStartPackage, type PracticePackage } from './api';
import { useBillingTexts } from './texts';

export function PackageCard() {
  const { bt, formatDate } = useBillingTexts();
  const [items, setItems] = useState<PracticePackage[]>([]);
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);
  const submits = useRef(new Map<string, string>());
  useEffect(() => {
    clientPackages().then(setItems, () => setItems([]));
  }, []);
  const start = (practiceId: string) => {
    if (!submits.current.has(practiceId)) submits.current.set(practiceId, crypto.randomUUID());
    setStarting(true);
    setFailed(false);
    clientStartPackage(practiceId, submits.current.get(practiceId)!).then((checkout) => window.location.assign(checkout.url), () => {
      setStarting(false);
      setFailed(true);
    });
  };
  // An ended package still has a period while its last one runs (the server answers none after).
  const shown = items.filter((p) => p.package && (p.package.status !== 'ENDED' || Boolean(p.package.periodStart)));
  if (shown.length === 0) return null;
  return (
    <>
      {failed && <Notice kind="error">{bt('package.startFailed')}</Notice>}
      {shown.map(({ practiceId, practiceName, decimals, currency, package: pkg }) => (
        <section key={practiceId} className="cp-card" aria-label={bt('package.title', { name: pkg!.planName })}>
          <h2>{bt('package.title', { name: pkg!.planName })}</h2>
          <p className="cp-muted">{practiceName}</p>
          <p>{bt('package.usage', { used: pkg!.used, total: pkg!.sessionsPerPeriod, left: pkg!.left })}</p>
          {pkg!.status === 'PAST_DUE' && <Notice kind="error">{bt('package.pastDue')}</Notice>}
          {pkg!.endedOn && <p>{bt('package.ends', { date: formatDate(pkg!.endedOn) })}</p>}
          {pkg!.cardRenewal && <p>{bt('package.renews', { date: pkg!.paidThrough ? formatDate(pkg!.paidThrough) : '' })}</p>}
          {!pkg!.cardRenewal && !pkg!.endedOn && pkg!.priceCents > 0 && (
            <button type="button" className="cp-button cp-primary" disabled={starting} onClick={() => start(practiceId)}>{bt('package.start', { amount: formatMoney(pkg!.priceCents, { decimals, currency }) })}</button>
          )}
        </section>
      ))}
    </>
  );
}
