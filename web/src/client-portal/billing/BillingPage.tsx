/** /portal/billing (issue 15): the client's balance and invoices at each practice, newest first, each invoice's PDF. */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../domain/billing/money';
import { Notice } from '../parts/form';
import { clientInvoicePdf, clientInvoices, type PracticeInvoices } from './api';
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
  const { bt } = useBillingTexts();
  const [practices, setPractices] = useState<PracticeInvoices[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    clientInvoices().then(setPractices, () => setFailed(true));
  }, []);

  if (failed) return <Notice kind="error">{bt('loadFailed')}</Notice>;
  if (!practices) return <p role="status">{bt('loading')}</p>;
  return (
    <>
      <h1>{bt('title')}</h1>
      {practices.map((p) => {
        const money = (cents: number) => formatMoney(cents, { decimals: p.decimals, currency: p.currency });
        return (
          <section key={p.practiceId}>
            <h2>{p.practiceName}</h2>
            <p data-testid="portal-balance">{bt('balance', { amount: money(p.balanceCents) })}</p>
            {p.creditCents > 0 && <p>{bt('credit', { amount: money(p.creditCents) })}</p>}
            {p.invoices.length === 0 ? <p>{bt('none')}</p> : (
              <ul>
                {p.invoices.map((i) => (
                  <li key={i.id}>
                    <strong>{i.number}</strong> · {i.issueDate} · {money(i.totalCents)} · {bt(`status.${i.status}`)}
                    {i.pastDue ? ` · ${bt('pastDue', { date: i.dueDate })}` : ''}
                    {' '}
                    <button type="button" onClick={() => void clientInvoicePdf(p.practiceId, i.id).then(save, () => setFailed(true))} aria-label={bt('downloadOf', { number: i.number })}>{bt('download')}</button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
