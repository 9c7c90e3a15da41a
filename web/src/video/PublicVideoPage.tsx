import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useI18n } from '../i18n/I18nProvider';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { fetchPublicTicket, isNotStarted } from './tickets';
import { useVideoCall } from './useVideoCall';
import './video.css';
import './public-video.css';
import '../i18n/pages/video';

/**
 * A client joins a video call from the clinician's link (/public/video/:id?/:therapistId), no login.
 * Plain React and CSS: no Cloudscape, no Amplify; the call adapter is a lazy chunk loaded on join.
 * Translated like the other public pages, with the same language selector.
 */
export default function PublicVideoPage() {
  const { id = '', therapistId = '' } = useParams();
  const navigate = useNavigate();
  const i18n = useI18n();
  const { t } = i18n;
  const fetchTicket = useCallback(() => fetchPublicTicket(id, therapistId), [id, therapistId]);
  // The name the clinician sees during the call (optional; sent to them only, never stored).
  const [name, setName] = useState('');
  const call = useVideoCall(fetchTicket, { displayName: name, notStarted: isNotStarted });
  const inCall = call.phase !== 'preview';

  const leave = async () => {
    await call.leave();
    void navigate('/');
  };

  return (
    <main className="pv-page">
      <div className="pv-top">
        <LanguageSelect />
      </div>
      {call.notice && (
        <div key={call.notice.id} className={`pv-notice pv-notice-${call.notice.kind}`} role={call.notice.kind === 'error' ? 'alert' : 'status'}>
          {call.notice.text(i18n)}
        </div>
      )}
      {call.connectError && (
        <div className="pv-notice pv-notice-error" role="alert">
          {call.connectError(i18n)}
        </div>
      )}
      {!inCall && call.waiting && (
        <p className="pv-notice" role="status">
          {t('video.notStartedYet')}
        </p>
      )}
      {!inCall && call.started && (
        <p className="pv-notice pv-notice-success" role="status">
          {t('video.startedJoinNow')}
        </p>
      )}
      {!inCall ? (
        <section aria-labelledby="pv-welcome">
          <h1 id="pv-welcome">{t('video.welcome')}</h1>
          <p>{t('video.testAudioVideo')}</p>
          <div className="video-preview">
            <video ref={call.previewRef} autoPlay playsInline muted aria-label={t('video.cameraPreview')} />
          </div>
          {call.previewError && <p role="status">{t('video.noCamera')}</p>}
          <div className="pv-field">
            <label htmlFor="pv-name">{t('video.yourName')}</label>
            <input id="pv-name" type="text" autoComplete="name" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} aria-describedby="pv-name-hint" />
            <p id="pv-name-hint" className="pv-hint">{t('video.yourNameHint')}</p>
          </div>
          <div className="pv-actions">
            <button type="button" className="pv-button pv-button-primary" onClick={() => void call.join()}>
              {t('video.join')}
            </button>
          </div>
        </section>
      ) : (
        <section aria-label={t('video.title')}>
          <h1 className="pv-visually-hidden">{t('video.welcome')}</h1>
          <div className="video-stage">
            <div className="video-tile">
              <video ref={call.remoteRef} autoPlay playsInline aria-label={t('video.therapistVideo')} hidden={!call.remotePresent || !call.remoteVideo} />
              {!call.remotePresent && <p className="video-placeholder">{call.phase === 'joining' ? t('video.connecting') : t('video.waitingForPeer')}</p>}
              {call.remotePresent && !call.remoteVideo && <p className="video-placeholder">{t('video.remoteCameraOff')}</p>}
              {call.remotePresent && call.remoteName && <p className="video-name">{t('video.withName', { name: call.remoteName })}</p>}
            </div>
            <div className="video-tile">
              <video ref={call.localRef} autoPlay playsInline muted aria-label={t('video.yourVideo')} hidden={!call.cameraOn && !call.sharing} />
              {!call.cameraOn && !call.sharing && <p className="video-placeholder">{t('video.cameraOff')}</p>}
            </div>
          </div>
          <div className="video-controls" role="group" aria-label={t('video.controls')}>
            <button type="button" className="pv-button" aria-pressed={call.muted} onClick={call.toggleMute} disabled={call.phase !== 'joined'}>
              {t('video.mute')}
            </button>
            <button type="button" className="pv-button" aria-pressed={call.sharing} onClick={() => void call.toggleShare()} disabled={call.phase !== 'joined'}>
              {t('video.shareScreen')}
            </button>
            <button type="button" className="pv-button" aria-pressed={!call.cameraOn} onClick={() => void call.toggleCamera()} disabled={call.phase !== 'joined'}>
              {t('video.hideVideo')}
            </button>
            <button type="button" className="pv-button pv-button-danger" onClick={() => void leave()}>
              {t('video.leave')}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}
