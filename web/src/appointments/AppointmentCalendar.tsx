import type { EventClickArg, EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { forwardRef, useCallback, useState } from 'react';
import { listAllAppointments, type Appointment } from './api';
import { STATUS_LABEL } from './status';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import { ENGLISH_TRANSLATOR, type Translator } from '../i18n/translator';
import '../i18n/portal-messages';
import { calendarIso, calendarNow, fromCalendarDate } from './time';
import './calendar.css';

export interface AppointmentCalendarProps {
  zone: string;
  /** The viewer's id: others' appointments carry their clinician's name. */
  meId: string | null;
  /** Clicking a day or a time slot offers a new appointment there (practice date, HH:mm or null for a whole day). */
  onSlot: ((date: string, time: string | null) => void) | null;
  onOpen: (appointment: Appointment) => void;
  /** A drag ended on a new start (UTC); call revert() to put the event back if the API refuses. */
  onMove: (appointment: Appointment, start: string, revert: () => void) => void;
  onLoadFailed: (error: unknown) => void;
  /** After each load (the number of appointments shown). */
  onLoaded?: (count: number) => void;
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

/** Phone widths: the calendar opens as the agenda list, where every event's name has room. */
export const PHONE_QUERY = '(max-width: 688px)';
const isPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

// Times as an en-US practice reads them: 12-hour with AM/PM, dates MM/DD (spec part 2 §9, issue 19).
const TIME_FORMAT = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

/**
 * The appointments calendar (FullCalendar): month by default, week, day and agenda. It runs in
 * UTC and is fed the practice's wall-clock times (time.ts), so what it shows and what a drag sets
 * are practice times whatever the browser's zone. Read-only appointments cannot be dragged.
 */
export const AppointmentCalendar = forwardRef<FullCalendar, AppointmentCalendarProps>(function AppointmentCalendar(
  { zone, meId, onSlot, onOpen, onMove, onLoadFailed, onLoaded },
  ref,
) {
  const i18n = useI18n();
  const { t } = i18n;
  const events = useCallback(
    (info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
      listAllAppointments({ from: fromCalendarDate(info.start, zone), to: fromCalendarDate(info.end, zone) }).then(
        (items) => {
          // Every status shows, told apart by colour and icon (calendar.css); cancelled ones are struck through.
          success(items.map((a) => toEvent(a, zone, meId, i18n)));
          onLoaded?.(items.length);
        },
        (error: unknown) => {
          onLoadFailed(error);
          failure(error instanceof Error ? error : new Error(t('appointments.calendar.loadFailed')));
        },
      );
    },
    [zone, meId, onLoadFailed, onLoaded, i18n, t],
  );

  const [phone] = useState(isPhone);

  return (
    <FullCalendar
      ref={ref}
      plugins={PLUGINS}
      timeZone="UTC"
      // Month titles and weekday names through Intl in the page's language (FullCalendar's own texts are set below).
      locale={languageTag(i18n.locale)}
      now={() => calendarNow(zone)}
      initialView={phone ? 'listWeek' : 'dayGridMonth'}
      headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
      buttonIcons={false}
      buttonText={{
        prev: t('appointments.calendar.previous'),
        next: t('appointments.calendar.next'),
        today: t('appointments.calendar.today'),
        month: t('appointments.calendar.month'),
        week: t('appointments.calendar.week'),
        day: t('appointments.calendar.day'),
        list: t('appointments.calendar.agenda'),
      }}
      // Month columns are weekdays, not dates (a month has several of each): the date headers are for week and day.
      views={{ listWeek: { buttonText: t('appointments.calendar.agenda') }, dayGridMonth: { dayHeaderFormat: { weekday: 'short' } } }}
      allDayText={t('appointments.calendar.allDay')}
      noEventsText={t('appointments.calendar.noEvents')}
      moreLinkText={(n) => t('appointments.calendar.more', { count: n })}
      height="auto"
      dayMaxEvents={4}
      nowIndicator
      scrollTime="08:00:00"
      events={events}
      eventStartEditable
      eventDurationEditable={false}
      selectable={false}
      eventTimeFormat={TIME_FORMAT}
      slotLabelFormat={TIME_FORMAT}
      dayHeaderFormat={{ weekday: 'short', month: '2-digit', day: '2-digit', omitCommas: true }}
      listDaySideFormat={{ month: '2-digit', day: '2-digit', year: 'numeric' }}
      dateClick={
        onSlot
          ? (info: DateClickArg) => {
              const iso = info.date.toISOString();
              onSlot(iso.slice(0, 10), info.allDay ? null : iso.slice(11, 16));
            }
          : undefined
      }
      eventClick={(info: EventClickArg) => {
        info.jsEvent.preventDefault();
        onOpen(info.event.extendedProps.appointment as Appointment);
      }}
      eventDrop={(info: EventDropArg) => {
        const appointment = info.event.extendedProps.appointment as Appointment;
        if (!info.event.start) return info.revert();
        onMove(appointment, fromCalendarDate(info.event.start, zone), info.revert);
      }}
      eventDidMount={(info) => {
        // Events open with Enter or Space like the buttons they act as (agenda rows stay table rows).
        if (info.el.tagName !== 'TR') info.el.setAttribute('role', 'button');
        info.el.setAttribute('tabindex', '0');
        info.el.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onOpen(info.event.extendedProps.appointment as Appointment);
          }
        });
      }}
    />
  );
});

/** One appointment as a calendar event: practice wall-clock times; only the writable, scheduled ones drag. */
export function toEvent(a: Appointment, zone: string, meId: string | null, tr: Translator = ENGLISH_TRANSLATOR): EventInput {
  const who = a.clinicianId !== meId && a.clinicianName ? ` · ${a.clinicianName}` : '';
  const video = a.locationType === 'TELEHEALTH' ? ` ${tr.t('appointments.calendar.video')}` : '';
  const status = a.status === 'SCHEDULED' ? '' : ` · ${tr.tm(STATUS_LABEL[a.status])}`;
  return {
    id: a.id,
    title: `${a.clientName}${video}${who}${status}`,
    start: calendarIso(a.start, zone),
    end: calendarIso(a.end, zone),
    editable: !a.readOnly && a.status === 'SCHEDULED',
    classNames: [a.readOnly ? 'pp-appt-readonly' : 'pp-appt', `pp-appt-${a.status.toLowerCase()}`],
    extendedProps: { appointment: a },
  };
}
