import { describe, expect, it } from 'vitest';
import {
  clientMessageFilter, conversationId, mayUseConversation, memberMessageFilter, messagingScope, parseConversationId,
} from '../../../domain/messaging/access.ts';
import {
  attachmentFileName, declaredAttachmentProblem, mayNotify, MAX_ATTACHMENT_BYTES, notificationText, retractRefusal,
  sniffAttachmentType, storedAttachmentProblem, visibleMessage,
} from '../../../domain/messaging/rules.ts';

const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const EXE = new TextEncoder().encode('MZ\x90\x00 this is not a document');

describe('who may use a conversation', () => {
  const member = (roles: string[], groups: string[] = []) => ({ sub: 'me', practiceId: 'p1', roles, groups });

  it('owner and clinicianAdmin (secure.messaging, practice-wide clients) reach every client', () => {
    expect(messagingScope(['owner'])).toBe('all');
    expect(messagingScope(['clinicianAdmin'])).toBe('all');
    expect(mayUseConversation(member(['owner']), { therapistId: 'someone-else' })).toBe(true);
  });

  it("the clinician roles reach only their own clients' conversations", () => {
    for (const role of ['clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic']) {
      expect(messagingScope([role])).toBe('own');
      expect(mayUseConversation(member([role]), { therapistId: 'me' })).toBe(true);
      expect(mayUseConversation(member([role]), { therapistId: 'someone-else' })).toBe(false);
    }
  });

  it('supervisor, biller, scheduler, coordinators and unknown roles reach none', () => {
    for (const roles of [['supervisor'], ['biller'], ['scheduler'], [], ['nonsense']]) {
      expect(messagingScope(roles)).toBe('none');
      expect(mayUseConversation(member(roles), { therapistId: 'me' })).toBe(false);
    }
    expect(messagingScope([], ['coordinators'])).toBe('none');
    expect(mayUseConversation(member(['owner']), null)).toBe(false);
  });

  it('sets the subscription filter from the caller: practice, and for "own" the clinician', () => {
    expect(memberMessageFilter(member(['owner']))).toEqual({ practiceId: { eq: 'p1' } });
    expect(memberMessageFilter(member(['clinicianBasic']))).toEqual({ practiceId: { eq: 'p1' }, therapistId: { eq: 'me' } });
    expect(memberMessageFilter(member(['biller']))).toBeNull();
  });

  it("a client's filter names each of their links, at most 10 groups", () => {
    const links = Array.from({ length: 12 }, (_, i) => ({ practiceId: `p${i}`, clientId: `c${i}` }));
    const filter = clientMessageFilter(links) as { filterGroup: { filters: unknown[] }[] };
    expect(filter.filterGroup).toHaveLength(10);
    expect(filter.filterGroup[0].filters).toEqual([
      { fieldName: 'practiceId', operator: 'eq', value: 'p0' },
      { fieldName: 'clientId', operator: 'eq', value: 'c0' },
    ]);
    expect(clientMessageFilter([])).toBeNull();
  });

  it('conversation ids round-trip and junk is not one', () => {
    expect(parseConversationId(conversationId('p1', 'c1'))).toEqual({ practiceId: 'p1', clientId: 'c1' });
    for (const bad of ['', 'p1', 'p1.', '.c1', 'a.b.c', 42, null, 'x'.repeat(200)]) expect(parseConversationId(bad)).toBeNull();
  });
});

describe('retract window', () => {
  const sentAt = '2026-11-26T10:00:00.000Z';
  const at = (minutes: number) => Date.parse(sentAt) + minutes * 60_000;

  it('the sender may retract within 5 minutes', () => {
    expect(retractRefusal({ senderId: 'me', sentAt }, 'me', at(0))).toBeNull();
    expect(retractRefusal({ senderId: 'me', sentAt }, 'me', at(5))).toBeNull();
  });
  it('not after 5 minutes, not somebody else, not twice', () => {
    expect(retractRefusal({ senderId: 'me', sentAt }, 'me', at(5) + 1)).toBe('retractTooLate');
    expect(retractRefusal({ senderId: 'me', sentAt }, 'you', at(1))).toBe('notSender');
    expect(retractRefusal({ senderId: 'me', sentAt, retractedAt: sentAt }, 'me', at(1))).toBe('alreadyRetracted');
  });
  it('a retracted message is shown without its text or attachments', () => {
    expect(visibleMessage({ text: 'hello', attachments: [{}], retractedAt: sentAt })).toMatchObject({ text: null, attachments: [] });
    expect(visibleMessage({ text: 'hello', attachments: null, retractedAt: null })).toMatchObject({ text: 'hello', attachments: [] });
  });
});

describe('attachments', () => {
  it('accepts PDF, JPG and PNG up to 10 MB as declared', () => {
    expect(declaredAttachmentProblem('application/pdf', 1000)).toBeNull();
    expect(declaredAttachmentProblem('image/png', MAX_ATTACHMENT_BYTES)).toBeNull();
    expect(declaredAttachmentProblem('image/gif', 1000)).toBe('wrongType');
    expect(declaredAttachmentProblem('application/pdf', MAX_ATTACHMENT_BYTES + 1)).toBe('tooLarge');
    expect(declaredAttachmentProblem('application/pdf', 0)).toBe('tooLarge');
  });

  it('checks the stored bytes by their signature, not by the declared type', () => {
    expect(sniffAttachmentType(PDF)).toBe('application/pdf');
    expect(sniffAttachmentType(JPG)).toBe('image/jpeg');
    expect(sniffAttachmentType(PNG)).toBe('image/png');
    expect(sniffAttachmentType(EXE)).toBeNull();
    expect(storedAttachmentProblem(PDF, 'application/pdf')).toBeNull();
    expect(storedAttachmentProblem(EXE, 'application/pdf')).toBe('wrongType');
    expect(storedAttachmentProblem(PNG, 'image/jpeg')).toBe('wrongType');
    expect(storedAttachmentProblem(new Uint8Array(0), 'image/png')).toBe('wrongType');
    expect(storedAttachmentProblem(new Uint8Array(MAX_ATTACHMENT_BYTES + 1), 'image/png')).toBe('tooLarge');
  });

  it('file names lose paths and quotes and carry the checked type', () => {
    expect(attachmentFileName('C:\\Users\\a\\scan "final".PDF', 'application/pdf')).toBe('scan final.pdf');
    expect(attachmentFileName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(attachmentFileName('', 'image/jpeg')).toBe('attachment.jpg');
  });
});

describe('notification', () => {
  const t0 = Date.parse('2026-11-26T10:00:00.000Z');
  it('at most one per conversation per 15 minutes', () => {
    expect(mayNotify(null, t0)).toBe(true);
    expect(mayNotify('2026-11-26T10:00:00.000Z', t0 + 14 * 60_000)).toBe(false);
    expect(mayNotify('2026-11-26T10:00:00.000Z', t0 + 15 * 60_000)).toBe(true);
  });
  it('names the practice only', () => {
    expect(notificationText('Owens Family Therapy')).toBe('You have a new secure message from Owens Family Therapy');
  });
});
