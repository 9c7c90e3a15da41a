import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { VIDEO_TEXT } from '../video/messages';
import { fetchPublicTicket } from '../video/tickets';
import { useVideoCall } from '../video/useVideoCall';
import '../video/video.css';
import '../video/public-video.css';

/**
 * A client joins a video call from the clinician's link (/public/video/:id?/:therapistId), no login.
 * Plain React and CSS: no Cloudscape, no Amplify; the call adapter is a lazy chunk loaded on join.
 */
export default function PublicVideoPage() {
  const { id = '', therapistId = '' } = useParams();
  const navigate = useNavigate();
  const fetchTicket = useCallback(() => fetchPublicTicket(id, therapistId), [id, therapistId]);
  const call = useVideoCall(fetchTicket);
  const inCall = call.phase !== 'preview';

  const leave = async () => {
    await call.leave();
    navigate('/');
  };

  return (
    <main className="pv-page">
      {call.notice && (
        <div key={call.notice.id} className={`pv-notice pv-notice-${call.notice.kind}`} role={call.notice.kind === 'error' ? 'alert' : 'status'}>
          {call.notice.text}
        </div>
      )}
      {call.connectError && (
        <div className="pv-notice pv-notice-error" role="alert">
          {call.connectError}
        </div>
      )}
      {!inCall ? (
        <section aria-labelledby="pv-welcome">
          <h1 id="pv-welcome">{VIDEO_TEXT.welcome}</h1>
          <p>{VIDEO_TEXT.testAudioVideo}</p>
          <div className="video-preview">
            <video ref={call.previewRef} autoPlay playsInline muted aria-label="Your camera preview" />
          </div>
          {call.previewError && <p role="status">{VIDEO_TEXT.noCamera}</p>}
          <div className="pv-actions">
            <button type="button" className="pv-button pv-button-primary" onClick={() => void call.join()}>
              Join Video Call
            </button>
          </div>
        </section>
      ) : (
        <section aria-label="Video call">
          <h1 className="pv-visually-hidden">{VIDEO_TEXT.welcome}</h1>
          <div className="video-stage">
            <div className="video-tile">
              <video ref={call.remoteRef} autoPlay playsInline aria-label="Your therapist's video" hidden={!call.remotePresent || !call.remoteVideo} />
              {!call.remotePresent && <p className="video-placeholder">{call.phase === 'joining' ? 'Connecting…' : VIDEO_TEXT.waitingForPeer}</p>}
              {call.remotePresent && !call.remoteVideo && <p className="video-placeholder">{VIDEO_TEXT.remoteCameraOff}</p>}
            </div>
            <div className="video-tile">
              <video ref={call.localRef} autoPlay playsInline muted aria-label="Your video" hidden={!call.cameraOn && !call.sharing} />
              {!call.cameraOn && !call.sharing && <p className="video-placeholder">{VIDEO_TEXT.cameraOff}</p>}
            </div>
          </div>
          <div className="video-controls" role="group" aria-label="Call controls">
            <button type="button" className="pv-button" aria-pressed={call.muted} onClick={call.toggleMute} disabled={call.phase !== 'joined'}>
              Mute Audio
            </button>
            <button type="button" className="pv-button" aria-pressed={call.sharing} onClick={() => void call.toggleShare()} disabled={call.phase !== 'joined'}>
              Share Screen
            </button>
            <button type="button" className="pv-button" aria-pressed={!call.cameraOn} onClick={() => void call.toggleCamera()} disabled={call.phase !== 'joined'}>
              Hide Video
            </button>
            <button type="button" className="pv-button pv-button-danger" onClick={() => void leave()}>
              Leave
            </button>
          </div>
        </section>
      )}
    </main>
  );
}
