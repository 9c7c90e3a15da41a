/**
 * /portal/billing (issue 15): the client's balance and invoices at each practice, newest first, each
 * invoice's PDF, and paying by card: "Pay" opens the card processor's checkout page for what is owed
 * (the server computes it); back here, ?card=done or ?card=cancelled says how it went.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney } from '../../../../domain/billing/money';
import { Notice } from '../parts/form';
import { PackageCard } from './PackageCard';
import { clientBillingDocumentPdf, clientInvoicePdf, clientInvoices, clientPayInvoices, type PracticeInvoices } from './api';
import { useBillingTexts } from './texts';

function save(pdf: { fileName: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = pdf.fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export default function BillingPage() {
  const { bt, formatDate } = useBillingTexts();
  const [practices, setPractices] = useState<PracticeInvoices[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [paying, setPaying] = useState<string | null>(null);
  const [payFailed, setPayFailed] = useState(false);
  const submits = useRef(new Map<string, string>());
  const [params] = useSearchParams();
  const card = params.get('card');

  // One request id per thing paid, kept until the page is left: a double click opens the same checkout.
  const pay = (practiceId: string, invoiceIds: string[]) => {
    const key = `${practiceId}|${invoiceIds.join(',')}`;
    if (!submits.current.has(key)) submits.current.set(key, crypto.randomUUID());
    setPaying(key);
    setPayFailed(false);
    clientPayInvoices(practiceId, invoiceIds, submits.current.get(key)!).then((checkout) => window.location.assign(checkout.url), () => {
      setPaying(null);
      setPayFailed(true);
    });
  };

  useEffect(() => {
    clientInvoices().then(setPractices, () => setFailed(true));
  }, []);

  if (failed) return <Notice kind="error">{bt('loadFailed')}</Notice>;
  if (!practices) return <p role="status">{bt('loading')}</p>;
  return (
    <>
      <h1>{bt('title')}</h1>
      {card === 'done' && <Notice kind="success">{bt('cardDone')}</Notice>}
      {card === 'cancelled' && <Notice kind="info">{bt('cardCancelled')}</Notice>}
      {payFailed && <Notice kind="error">{bt('payFailed')}</Notice>}
      {paying && <p role="status">{bt('paying')}</p>}
      <PackageCard />
      {practices.map((p) => {
        const money = (cents: number) => formatMoney(cents, { decimals: p.decimals, currency: p.currency });
        return (
          <section key={p.practiceId} className="cp-card">
            <h2>{p.practiceName}</h2>
            <p data-testid="portal-balance">{bt('balance', { amount: money(p.balanceCents) })}</p>
            {p.balanceCents > 0 && p.invoices.filter((i) => i.balanceCents > 0).length > 1 && (
              <button type="button" className="cp-button cp-primary" disabled={paying !== null} onClick={() => pay(p.practiceId, [])}>{bt('payAll', { amount: money(p.balanceCents) })}</button>
            )}
            {p.creditCents > 0 && <p>{bt('credit', { amount: money(p.creditCents) })}</p>}
            {p.invoices.length === 0 ? <p>{bt('none')}</p> : (
              <ul className="cp-list cp-bill-list">
                {p.invoices.map((i) => (
                  <li key={i.id} className="cp-bill">
                    <p className="cp-when"><strong>{i.number}</strong> · {money(i.totalCents)} · {bt(`status.${i.status}`)}</p>
                    <p className="cp-muted">
                      {bt('issued', { date: formatDate(i.issueDate) })}
                      {i.pastDue ? ` · ${bt('pastDue', { date: formatDate(i.dueDate) })}` : ''}
                    </p>
                    <div className="cp-bill-actions">
                      <button type="button" className="cp-button" onClick={() => void clientInvoicePdf(p.practiceId, i.id).then(save, () => setFailed(true))} aria-label={bt('downloadOf', { number: i.number })}>{bt('download')}</button>
                      {(i.status === 'SENT' || i.status === 'PARTIALLY_PAID') && i.balanceCents > 0 && (
                        <button type="button" className="cp-button cp-primary" disabled={paying !== null} onClick={() => pay(p.practiceId, [i.id])} aria-label={bt('payOf', { number: i.number, amount: money(i.balanceCents) })}>{bt('pay', { amount: money(i.balanceCents) })}</button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {p.documents.length > 0 && (
              <>
                <h3>{bt('documents')}</h3>
                <ul className="cp-list">
                  {p.documents.map((d) => (
                    <li key={d.id} className="cp-bill-row">
                      <span>{d.title}</span>
                      <button type="button" className="cp-button" onClick={() => void clientBillingDocumentPdf(p.practiceId, d.id).then(save, () => setFailed(true))} aria-label={bt('documentOf', { title: d.title })}>{bt('download')}</button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        );
      })}
    </>
  );
}
