// @vitest-environment jsdom
// The client's video screen (spec part 1 §2, §4, §8): the ticket is fetched when the page opens and
// again on join if none is held; failures show the spec's messages; leaving goes to /.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RuntimeConfig } from '../../../domain/runtime-config';
import { MESSAGES } from '../../../domain/messages';
import type { VideoSessionEvent, VideoTicket } from '../../../web/src/video/session';
import { VideoCallError } from '../../../web/src/video/errors';
import { I18nProvider } from '../../../web/src/i18n/I18nProvider';
import { loadCatalog } from '../../../web/src/i18n/catalog';
import { createTranslator } from '../../../web/src/i18n/translator';
import { LANGUAGE_STORAGE_KEY } from '../../../web/src/i18n/locales';

const sessions = vi.hoisted(() => ({ create: vi.fn() }));
vi.mock('../../../web/src/video/session.ts', () => ({ createVideoSession: sessions.create }));

import PublicVideoPage from '../../../web/src/video/PublicVideoPage';
import { setRuntimeConfig } from '../../../web/src/platform/config';

const ROOM = '0b8f6f7e-3a5e-4c1e-9a57-2d7f3f1d9a10';
const TICKET: VideoTicket = { identity: 'guest-1', token: 't', adapter: 'local', roomId: ROOM, role: 'guest', expiresAt: 4e9, signalingPath: '/_local/video-signal' };

function fakeSession(joinError?: Error) {
  const listeners = new Map<VideoSessionEvent, (value?: unknown) => void>();
  return {
    adapter: 'local' as const,
    join: vi.fn(async () => {
      if (joinError) throw joinError;
    }),
    leave: vi.fn(async () => {}),
    setMuted: vi.fn(),
    setCameraOn: vi.fn(async () => {}),
    startScreenShare: vi.fn(async () => false),
    stopScreenShare: vi.fn(async () => {}),
    bindLocalVideo: vi.fn(),
    bindRemoteVideo: vi.fn(),
    on: vi.fn((event: VideoSessionEvent, listener: (value?: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    }),
    fire: (event: VideoSessionEvent, value?: unknown) => listeners.get(event)?.(value),
  };
}

const fetchMock = vi.fn();
function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[`/public/video/${ROOM}/therapist-1`]}>
      <Routes>
        <Route path="/public/video/:id/:therapistId" element={<PublicVideoPage />} />
        <Route path="/" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The page as main.tsx renders it for a visitor whose language is `locale`. */
async function renderPageIn(locale: 'es' | 'fr') {
  const translator = createTranslator(locale, await loadCatalog(locale));
  return render(<I18nProvider initial={translator}>{renderPageElement()}</I18nProvider>);
}
const renderPageElement = () => (
  <MemoryRouter initialEntries={[`/public/video/${ROOM}/therapist-1`]}>
    <Routes>
      <Route path="/public/video/:id/:therapistId" element={<PublicVideoPage />} />
    </Routes>
  </MemoryRouter>
);

beforeEach(() => {
  setRuntimeConfig({ restEndpoint: 'http://portal.test/api' } as RuntimeConfig);
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [] })) },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  fetchMock.mockReset();
  sessions.create.mockReset();
  vi.unstubAllGlobals();
});

describe('PublicVideoPage', () => {
  it('shows the welcome and fetches the ticket for the room and therapist when it opens', async () => {
    fetchMock.mockImplementation(() => answer(200, TICKET));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText(/test your video and audio/)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://portal.test/api/getVideoTokenPublic');
    expect(JSON.parse(init.body)).toEqual({ clientId: ROOM, therapistId: 'therapist-1' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the spec message when no ticket comes back, and tries again on join', async () => {
    fetchMock.mockImplementation(() => answer(404, { message: 'not started' }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.videoUnavailable);
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 1));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.videoUnavailable);
    expect(sessions.create).not.toHaveBeenCalled();
  });

  it('joins with the held ticket, and Leave disconnects and goes to /', async () => {
    fetchMock.mockImplementation(() => answer(200, TICKET));
    const session = fakeSession();
    sessions.create.mockResolvedValue(session);
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    await screen.findByRole('group', { name: 'Call controls' });
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(sessions.create.mock.calls[0][0]).toEqual(TICKET);
    for (const name of ['Mute Audio', 'Share Screen', 'Hide Video', 'Leave']) expect(screen.getByRole('button', { name })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mute Audio' }));
    expect(session.setMuted).toHaveBeenCalledWith(true);
    act(() => session.fire('remoteJoined'));
    act(() => session.fire('remoteVideo', false));
    expect(screen.getByText('The other participant has turned their camera off.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(session.leave).toHaveBeenCalled();
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it("shows 'Could not connect to ' with the provider and error, then fetches a fresh ticket on the next join", async () => {
    fetchMock.mockImplementation(() => answer(200, TICKET));
    sessions.create.mockResolvedValue(fakeSession(new Error('The call link is not valid')));
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not connect to the local video service: The call link is not valid');
    expect(screen.getByRole('button', { name: 'Join Video Call' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 1));
  });

  it("words the adapter's own failure reason in the visitor's language, and follows a language change", async () => {
    fetchMock.mockImplementation(() => answer(200, TICKET));
    sessions.create.mockResolvedValue(fakeSession(new VideoCallError('full', 'The call already has its participants')));
    await renderPageIn('es');
    expect(screen.getByRole('heading', { name: 'Le damos la bienvenida' })).toBeTruthy();
    expect(screen.getByLabelText('Vista previa de su cámara')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unirse a la videollamada' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se pudo conectar con el servicio de vídeo local: La llamada ya tiene todos sus participantes',
    );
    expect(screen.queryByText(/Join Video Call|Could not connect/)).toBeNull();

    // The header's selector: the alert already shown is worded again in French.
    await userEvent.selectOptions(screen.getByLabelText('Idioma'), 'fr');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Connexion impossible (service vidéo local) : L’appel a déjà tous ses participants',
      ),
    );
    expect(screen.getByRole('button', { name: 'Rejoindre l’appel vidéo' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });

  it('shows the call screen and the spec message in Spanish', async () => {
    fetchMock.mockImplementation(() => answer(404, { message: 'not started' }));
    await renderPageIn('es');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se puede conectar a la videollamada. Comuníquese con su terapeuta sobre el problema',
    );
    fetchMock.mockImplementation(() => answer(200, TICKET));
    const session = fakeSession();
    sessions.create.mockResolvedValue(session);
    expect(screen.getByRole('status').textContent).toBe(
      'Es posible que su terapeuta aún no haya iniciado la llamada. Mantenga esta página abierta: le avisará en cuanto pueda unirse.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unirse a la videollamada' }));
    await screen.findByRole('group', { name: 'Controles de la llamada' });
    for (const name of ['Silenciar audio', 'Compartir pantalla', 'Ocultar vídeo', 'Salir']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByText('Esperando a que se una el otro participante…')).toBeTruthy();
    act(() => session.fire('ended'));
    expect(await screen.findByText('La llamada ha terminado.')).toBeTruthy();
  });

  it('returns to the preview when the room ends', async () => {
    fetchMock.mockImplementation(() => answer(200, TICKET));
    const session = fakeSession();
    sessions.create.mockResolvedValue(session);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Video Call' }));
    await screen.findByRole('group', { name: 'Call controls' });
    act(() => session.fire('ended'));
    expect(await screen.findByText('The call has ended.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join Video Call' })).toBeTruthy();
  });

  describe('arriving before the clinician started the call (404)', () => {
    const WAITING = 'Your therapist may not have started the call yet. Keep this page open: it tells you as soon as you can join.';
    const STARTED = 'Your therapist has started the call. Press Join Video Call.';
    /** Lets fetches and renders settle, moving the fake clock by `ms`. */
    const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    /** Answers in turn, then the last one for good. */
    function answers(...statuses: number[]) {
      fetchMock.mockImplementation(() => {
        const status = statuses.length > 1 ? statuses.shift()! : statuses[0];
        return status === 200 ? answer(200, TICKET) : answer(status, { message: 'not started' });
      });
    }
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    });

    it('keeps the alert, says to wait, asks again every 10 s, then says the call started and joins with that ticket', async () => {
      answers(404, 404, 200);
      const session = fakeSession();
      sessions.create.mockResolvedValue(session);
      const { unmount } = renderPage();
      await pass(0);
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.videoUnavailable);
      expect(screen.getByRole('status').textContent).toBe(WAITING);
      await pass(9_999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await pass(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      // Still not started: the page keeps waiting quietly (the spec's toast is not raised again).
      expect(screen.getByRole('status').textContent).toBe(WAITING);
      expect(screen.queryByRole('alert')).toBeNull();
      await pass(10_000);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('status').textContent).toBe(STARTED);
      // Started: no more asking.
      await pass(60_000);
      expect(fetchMock).toHaveBeenCalledTimes(3);

      fireEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
      await pass(0);
      expect(screen.getByRole('group', { name: 'Call controls' })).toBeTruthy();
      expect(sessions.create.mock.calls[0][0]).toEqual(TICKET);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(screen.queryByRole('status')).toBeNull();
      unmount();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('stops asking when the page closes while waiting', async () => {
      answers(404);
      const { unmount } = renderPage();
      await pass(0);
      expect(screen.getByRole('status').textContent).toBe(WAITING);
      unmount();
      expect(vi.getTimerCount()).toBe(0);
      await pass(30_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('does not keep asking after another failure (a server error): the alert and the manual Join stay', async () => {
      answers(500);
      renderPage();
      await pass(0);
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.videoUnavailable);
      expect(screen.queryByRole('status')).toBeNull();
      await pass(60_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      // Waiting, then a server error while asking again: the alert, and no more asking.
      cleanup();
      fetchMock.mockReset();
      answers(404, 503);
      renderPage();
      await pass(0);
      expect(screen.getByRole('status').textContent).toBe(WAITING);
      await pass(10_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.videoUnavailable);
      expect(screen.queryByRole('status')).toBeNull();
      await pass(60_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
