/**
 * Languages (issue 4): the selector on the public pages, sign-in and sign-up switches the visible
 * text — ours and Cloudscape's own labels — the choice survives a reload, the default comes from
 * /config.json, and Arabic is not offered. English stays the default (the other e2e tests read it).
 * Needs the built console: npx vite build --config web/vite.config.ts
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { signedInBrowser, signInInBrowser } from '../support/browser-signin.ts';
import { ENGLISH as PUBLIC_ENGLISH, loadCatalog as loadAnyCatalog } from '../../web/src/i18n/catalog.ts';
import { PORTAL_ENGLISH } from '../../web/src/i18n/portal-messages.ts';
import { FEATURE_ENGLISH } from '../../web/src/i18n/features/index.ts';
import { PAGE_ENGLISH } from '../../web/src/i18n/pages/index.ts';
import { LANGUAGE_STORAGE_KEY, type OfferedLocale } from '../../web/src/i18n/locales.ts';
import { usePortal } from '../support/portal.ts';

/** A language's catalog as its JSON sources (the build compiles them; Node reads them as written). */
const loadCatalog = async (locale: OfferedLocale) => (await loadAnyCatalog(locale)) as Readonly<Record<string, string>>;

const portal = usePortal();

async function open(path: string): Promise<Page> {
  const context = await portal.browser.newContext();
  const page = await context.newPage();
  await page.goto(portal.runtime.url + path);
  return page;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** The selector is labelled in the page's language, so it is found as the page's one select. */
const chooseLanguage = (page: Page, name: string) => page.locator('select').selectOption({ label: name });

describe('languages', () => {
  it('offers English, Chinese, Spanish, French and Italian (not Arabic), English by default', async () => {
    const page = await open('/');
    await heading(page).filter({ hasText: 'Evidence-based care between sessions' }).waitFor();
    const options = await page.getByLabel('Language').locator('option').allTextContents();
    expect(options).toEqual(['English', '中文', 'Español', 'Français', 'Italiano']);
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
    expect(await htmlLang(page)).toBe('en-US');
    await page.context().close();
  });

  it('switches the landing page to Spanish, keeps it on reload and on the next page', async () => {
    const page = await open('/');
    await heading(page).filter({ hasText: 'Evidence-based care between sessions' }).waitFor();
    await chooseLanguage(page, 'Español');
    await heading(page).filter({ hasText: 'Atención basada en la evidencia entre sesiones' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Precios' }).isVisible()).toBe(true);
    expect(await page.getByText('Evidence-based care between sessions').count()).toBe(0);
    expect(await htmlLang(page)).toBe('es-US');

    await page.reload();
    await heading(page).filter({ hasText: 'Atención basada en la evidencia entre sesiones' }).waitFor();
    expect(await page.getByLabel('Idioma').inputValue()).toBe('es');

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Precios' }).click();
    await heading(page).filter({ hasText: 'Precios' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Función' }).isVisible()).toBe(true);
    expect(await page.getByRole('rowheader', { name: 'Asignar tareas' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('switches sign-in to French, Cloudscape labels included, and keeps it on reload', async () => {
    const page = await open('/signin');
    await heading(page).filter({ hasText: 'Sign in' }).waitFor();
    await chooseLanguage(page, 'Français');
    await heading(page).filter({ hasText: 'Connexion' }).waitFor();
    expect(await page.getByLabel('Mot de passe').count()).toBe(1);

    // Submitting nothing: the spec's message in French, in Cloudscape's form error whose icon is
    // labelled by Cloudscape's own French messages.
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Le nom d’utilisateur et le mot de passe sont obligatoires').first().waitFor();
    await page.locator('[aria-label="Erreur"]').first().waitFor();
    expect(await page.getByText('Username/Password is required').count()).toBe(0);

    await page.reload();
    await heading(page).filter({ hasText: 'Connexion' }).waitFor();
    expect(await htmlLang(page)).toBe('fr-FR');
    await page.context().close();
  });

  it('shows the sign-up wizard in Spanish, with Cloudscape\'s step labels', async () => {
    const page = await open('/signup');
    await page.getByText('Personal Information').first().waitFor();
    await chooseLanguage(page, 'Español');
    await page.getByText('Información personal').first().waitFor();
    await page.getByText('Paso 1', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Siguiente' }).isVisible()).toBe(true);
    expect(await page.getByText('Personal Information').count()).toBe(0);
    await page.context().close();
  });

  it('starts in the language /config.json names when the visitor has not chosen one', async () => {
    const context = await portal.browser.newContext();
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), defaultLanguage: 'it' } });
    });
    const page = await context.newPage();
    await page.goto(portal.runtime.url + '/help');
    await heading(page).filter({ hasText: 'Aiuto' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Accesso e inviti' }).isVisible()).toBe(true);

    // A choice made here wins over the configured default from then on.
    await chooseLanguage(page, 'English');
    await heading(page).filter({ hasText: 'Help' }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Access & Invitations' }).waitFor();
    await context.close();
  });

  it('switches the portal to Chinese from the top bar (menu, top bar, html lang) and keeps it after sign-out', async () => {
    const context = await portal.browser.newContext();
    const page = await context.newPage();
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    const nav = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Clients', exact: true }) });
    await nav.first().waitFor();

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('link', { name: '客户', exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: '语言：中文' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Clients', exact: true }).count()).toBe(0);
    expect(await htmlLang(page)).toBe('zh-CN');

    // Sign-out keeps the language: the sign-in page comes back in Chinese.
    await page.getByRole('button', { name: DEMO_OWNER.email }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await heading(page).filter({ hasText: '登录' }).waitFor();
    await context.close();
  });

  /**
   * The portal's pages in Spanish and Chinese (issue 19): every text a person meets on the page —
   * each element's own text, aria-label, placeholder, title — is checked against the English
   * catalog: none may be an English message that the language translates. Converted so far: the
   * clients list, the add-client form with its errors, and the client page.
   */
  async function shownTexts(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const texts = new Set<string>();
      for (const element of document.body.querySelectorAll('*')) {
        if (element.closest('script, style, [hidden]')) continue;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = element.getAttribute(name)?.trim();
          if (value) texts.add(value);
        }
        for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) texts.add(node.textContent.trim());
      }
      return [...texts];
    });
  }

  async function englishLeft(page: Page, locale: OfferedLocale): Promise<string[]> {
    const catalog = await loadCatalog(locale);
    const translated = new Set(Object.entries({ ...PUBLIC_ENGLISH, ...PAGE_ENGLISH, ...PORTAL_ENGLISH, ...FEATURE_ENGLISH }).filter(([key, english]) => catalog[key] !== undefined && catalog[key] !== english).map(([, english]) => english));
    return (await shownTexts(page)).filter((text) => translated.has(text));
  }

  for (const [locale, words] of [
    ['es', { clients: 'Clientes', add: 'Agregar cliente', firstRequired: 'El nombre es obligatorio', back: 'Volver a clientes', personal: 'Datos personales' }],
    ['zh', { clients: '客户', add: '添加客户', firstRequired: '名字为必填项', back: '返回客户列表', personal: '个人信息' }],
  ] as const) {
    it(`shows the clients list, the add-client form with its errors and a client's page in ${locale}, no English left`, async () => {
      const context = await portal.browser.newContext();
      const page = await context.newPage();
      await signedInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, locale]);
      await page.goto(portal.runtime.url + '/app/clients');
      await heading(page).filter({ hasText: words.clients }).waitFor();
      await page.getByRole('table').getByRole('link').first().waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);

      await page.getByRole('button', { name: words.add }).last().click();
      const form = page.getByRole('dialog');
      await form.getByRole('heading', { name: words.add }).waitFor();
      await form.getByRole('button', { name: words.add }).click();
      await form.getByText(words.firstRequired).waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });

      await page.getByRole('table').getByRole('link').first().click();
      await page.getByRole('link', { name: words.back }).waitFor();
      await page.getByRole('heading', { name: words.personal }).waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);
      await context.close();
    });
  }

  for (const [locale, words] of [
    ['es', { title: 'Citas', create: 'Crear cita', clientRequired: 'Elija un cliente.', today: 'Hoy' }],
    ['zh', { title: '预约', create: '创建预约', clientRequired: '请选择客户。', today: '今天' }],
  ] as const) {
    it(`shows the appointments calendar and the New appointment form with its errors in ${locale}, no English left`, async () => {
      const context = await portal.browser.newContext();
      const page = await context.newPage();
      await signedInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, locale]);
      await page.goto(portal.runtime.url + '/app/appointment');
      await heading(page).filter({ hasText: words.title }).waitFor();
      await page.getByRole('button', { name: words.today }).waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);

      await page.getByRole('button', { name: await loadCatalog(locale).then((c) => c['appointments.page.new']) }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('button', { name: words.create }).click();
      await form.getByText(words.clientRequired).waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);
      await context.close();
    });
  }

  for (const [locale, words] of [
    ['es', { status: 'Estado de las citas', dateColumn: 'Fecha y hora', activity: 'Actividad de la cuenta', signedIn: 'Inició sesión', upgrade: 'Mejorar el plan', changeTo: /^Cambiar a /, confirm: 'Confirmar', practice: 'Datos de la consulta', practiceName: 'Nombre de la consulta', save: 'Guardar', required: 'Obligatorio', billing: 'Facturación y servicios', taxId: 'Número de identificación fiscal', taxIdProblem: 'Ingrese una identificación fiscal de 9 dígitos', datePattern: 'MM/DD/AAAA' }],
    ['zh', { status: '预约状态', dateColumn: '日期和时间', activity: '账户活动', signedIn: '已登录', upgrade: '升级计划', changeTo: /^更改为/, confirm: '确认', practice: '诊所详情', practiceName: '诊所名称', save: '保存', required: '必填', billing: '计费与服务', taxId: '税号', taxIdProblem: '请输入 9 位税号', datePattern: '月/日/年' }],
  ] as const) {
    it(`shows Appointment status, Account activity, Upgrade plan, Practice details and Billing and Service with their errors in ${locale}, no English left`, async () => {
      const context = await portal.browser.newContext();
      const page = await context.newPage();
      await signedInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, locale]);
      const catalog = await loadCatalog(locale);

      // Dates are typed as the practice writes them (en-US: month first), with the letters of the page's language.
      await page.goto(portal.runtime.url + '/app/appointment-status');
      await heading(page).filter({ hasText: words.status }).waitFor();
      await page.getByRole('columnheader', { name: new RegExp(words.dateColumn) }).first().waitFor();
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      const firstDay = page.getByLabel(catalog['appointments.statusPage.firstDay'], { exact: true });
      expect(await firstDay.getAttribute('placeholder')).toBe(words.datePattern);
      expect(await firstDay.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await englishLeft(page, locale)).toEqual([]);

      await page.goto(portal.runtime.url + '/app/account-activity');
      await heading(page).filter({ hasText: words.activity }).waitFor();
      // The history has loaded: a sign-in (the seed's or this session's) or the empty table's words.
      await page.getByRole('cell', { name: words.signedIn }).or(page.getByText(catalog['activity.empty'])).first().waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);

      await page.goto(portal.runtime.url + '/app/upgrade-plan');
      await heading(page).filter({ hasText: words.upgrade }).waitFor();
      await page.getByRole('button', { name: words.changeTo }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: words.confirm }).waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(portal.runtime.url + '/app/settings/practice-details');
      await heading(page).filter({ hasText: words.practice }).waitFor();
      await page.getByLabel(words.practiceName, { exact: true }).fill('');
      await page.getByRole('button', { name: words.save, exact: true }).click();
      await page.getByText(words.required, { exact: true }).first().waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);

      await page.goto(portal.runtime.url + '/app/settings/billing-and-service');
      await heading(page).filter({ hasText: words.billing }).waitFor();
      await page.getByLabel(words.taxId, { exact: true }).fill('12');
      await page.getByRole('button', { name: words.save, exact: true }).click();
      await page.getByText(words.taxIdProblem).waitFor();
      expect(await englishLeft(page, locale)).toEqual([]);
      await context.close();
    });
  }
});
