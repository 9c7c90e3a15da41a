import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Flashbar from "@cloudscape-design/components/flashbar";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import ToggleButton from "@cloudscape-design/components/toggle-button";
import { useCallback, useEffect, useState } from "react";
import { fetchUserAttributes } from "aws-amplify/auth";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { MESSAGES } from "../../../domain/messages";
import { ensureAmplifyConfigured } from "../platform/amplify";
import { useI18n } from "../i18n/I18nProvider";
import { fetchClinicianTicket } from "./clinician-ticket";
import { useVideoCall } from "./useVideoCall";
import "./video.css";
import '../i18n/pages/video';

/** {origin}/public/video/{roomName}/{therapistId} (spec part 1 §2). */
export const sharableLink = (
  origin: string,
  roomId: string,
  therapistId: string
) =>
  `${origin}/public/video/${encodeURIComponent(roomId)}/${encodeURIComponent(
    therapistId
  )}`;

/**
 * Clinician video call (/video/:id). The room id is the clinician's: opening the page creates or
 * reopens the room (getVideoToken). /video/new starts a fresh room with an unguessable id.
 */
export default function VideoPage() {
  const { id = "" } = useParams();
  if (id === "new")
    return <Navigate to={`/video/${crypto.randomUUID()}`} replace />;
  return <VideoCallScreen roomId={id} />;
}

function VideoCallScreen({ roomId }: { roomId: string }) {
  const fetchTicket = useCallback(() => {
    ensureAmplifyConfigured();
    return fetchClinicianTicket(roomId);
  }, [roomId]);
  // The clinician's name, which the client sees during the call.
  const [displayName, setDisplayName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    ensureAmplifyConfigured();
    fetchUserAttributes()
      .then((a) => live && setDisplayName([a.given_name, a.family_name].filter(Boolean).join(" ") || null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const call = useVideoCall(fetchTicket, { displayName });
  const i18n = useI18n();
  const { t } = i18n;
  const [fullscreen, setFullscreen] = useState(false);
  // After Disconnect: a way back to the appointments and a Rejoin, rather than the start screen again.
  const [left, setLeft] = useState(false);
  const navigate = useNavigate();
  const inCall = call.phase !== "preview";
  const therapistId = call.ticket?.therapistId ?? null;

  // Fullscreen exists only with another participant; Escape (key code 27) leaves it.
  const canFullscreen = inCall && call.remotePresent;
  useEffect(() => {
    if (!canFullscreen) setFullscreen(false);
  }, [canFullscreen]);
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setFullscreen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [fullscreen]);

  const copyLink = async () => {
    if (!therapistId)
      return call.notify("error", ({ tm }) => tm(MESSAGES.videoUnavailable));
    try {
      await navigator.clipboard.writeText(
        sharableLink(window.location.origin, roomId, therapistId)
      );
      call.notify("success", ({ tm }) => tm(MESSAGES.linkCopied));
    } catch {
      call.notify("error", ({ tm }) => tm(MESSAGES.defaultError));
    }
  };
  const copyButton = (
    <Button
      onClick={() => void copyLink()}
      disabled={!therapistId}
      iconName="copy"
    >
      {t("video.copyLink")}
    </Button>
  );

  return (
    <main>
      <Box padding="l">
        <ContentLayout
          header={<Header variant="h1">{t("video.title")}</Header>}
        >
          <SpaceBetween size="l">
            {call.notice && (
              <Flashbar
                items={[
                  {
                    id: String(call.notice.id),
                    type: call.notice.kind,
                    content: call.notice.text(i18n),
                    dismissible: true,
                    dismissLabel: t("video.dismiss"),
                    onDismiss: call.dismissNotice,
                  },
                ]}
              />
            )}
            {call.connectError && (
              <Alert type="error">{call.connectError(i18n)}</Alert>
            )}
            {!inCall && left ? (
              <Container
                header={<Header variant="h2">{t("video.leftTitle")}</Header>}
              >
                <SpaceBetween size="m">
                  <Box variant="p">{t("video.leftText")}</Box>
                  <SpaceBetween direction="horizontal" size="s">
                    <Button
                      variant="primary"
                      onClick={() => {
                        setLeft(false);
                        void call.join();
                      }}
                    >
                      {t("video.rejoin")}
                    </Button>
                    <Button
                      href="/app/appointment"
                      onFollow={(event) => {
                        event.preventDefault();
                        void navigate("/app/appointment");
                      }}
                    >
                      {t("video.backToAppointments")}
                    </Button>
                  </SpaceBetween>
                </SpaceBetween>
              </Container>
            ) : !inCall ? (
              <Container
                header={<Header variant="h2">{t("video.preview")}</Header>}
              >
                <SpaceBetween size="m">
                  <div className="video-preview">
                    <video
                      ref={call.previewRef}
                      autoPlay
                      playsInline
                      muted
                      aria-label={t("video.cameraPreview")}
                    />
                  </div>
                  {call.previewError && (
                    <Box variant="p">{t("video.noCamera")}</Box>
                  )}
                  <SpaceBetween direction="horizontal" size="s">
                    <Button variant="primary" onClick={() => void call.join()}>
                      {t("video.start")}
                    </Button>
                    {copyButton}
                  </SpaceBetween>
                </SpaceBetween>
              </Container>
            ) : (
              <Container
                header={<Header variant="h2">{t("video.inCall")}</Header>}
              >
                <div className="video-stage">
                  <div
                    className={
                      fullscreen ? "video-tile video-fullscreen" : "video-tile"
                    }
                    data-fullscreen={fullscreen || undefined}
                  >
                    <video
                      ref={call.remoteRef}
                      autoPlay
                      playsInline
                      aria-label={t("video.clientVideo")}
                      hidden={!call.remotePresent || !call.remoteVideo}
                    />
                    {!call.remotePresent && (
                      <p className="video-placeholder">
                        {call.phase === "joining"
                          ? t("video.connecting")
                          : t("video.waitingForPeer")}
                      </p>
                    )}
                    {call.remotePresent && !call.remoteVideo && (
                      <p className="video-placeholder">
                        {t("video.remoteCameraOff")}
                      </p>
                    )}
                    {call.remotePresent && call.remoteName && (
                      <p className="video-name">
                        {t("video.withName", { name: call.remoteName })}
                      </p>
                    )}
                    {fullscreen && (
                      <div className="video-fullscreen-exit">
                        <Button
                          onClick={() => setFullscreen(false)}
                          iconName="exit-full-screen"
                        >
                          {t("video.exitFullscreen")}
                        </Button>
                      </div>
                    )}
                  </div>
                  <div className="video-tile">
                    <video
                      ref={call.localRef}
                      autoPlay
                      playsInline
                      muted
                      aria-label={t("video.yourVideo")}
                      hidden={!call.cameraOn && !call.sharing}
                    />
                    {!call.cameraOn && !call.sharing && (
                      <p className="video-placeholder">
                        {t("video.cameraOff")}
                      </p>
                    )}
                  </div>
                </div>
                <div
                  className="video-controls"
                  role="group"
                  aria-label={t("video.controls")}
                >
                  <ToggleButton
                    pressed={call.muted}
                    onChange={call.toggleMute}
                    iconName="microphone"
                    pressedIconName="microphone-off"
                    disabled={call.phase !== "joined"}
                  >
                    {t("video.mute")}
                  </ToggleButton>
                  <ToggleButton
                    pressed={!call.cameraOn}
                    onChange={() => void call.toggleCamera()}
                    iconName="video-on"
                    pressedIconName="video-off"
                    disabled={call.phase !== "joined"}
                  >
                    {t("video.hideVideo")}
                  </ToggleButton>
                  <ToggleButton
                    pressed={call.sharing}
                    onChange={() => void call.toggleShare()}
                    iconName="share"
                    pressedIconName="share"
                    disabled={call.phase !== "joined"}
                  >
                    {t("video.shareScreen")}
                  </ToggleButton>
                  {canFullscreen && !fullscreen && (
                    <Button
                      onClick={() => setFullscreen(true)}
                      iconName="full-screen"
                    >
                      {t("video.fullscreen")}
                    </Button>
                  )}
                  {copyButton}
                  <Button
                    onClick={() => {
                      void call.leave().then(() => setLeft(true));
                    }}
                  >
                    {t("video.disconnect")}
                  </Button>
                </div>
              </Container>
            )}
          </SpaceBetween>
        </ContentLayout>
      </Box>
    </main>
  );
}
