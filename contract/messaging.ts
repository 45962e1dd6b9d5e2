import { z } from 'zod';

/**
 * Messaging models: spec §2.3 (request fields) and the response shapes of vendor-wire §1.2
 * that the default binding adopts (B3). Loose objects: a target may add fields (B3 'tolerant
 * where silent'); only the fields a rule reads are required, each with the type the spec or
 * the vendor's libraries give it.
 */

const int = z.number().int();

/** spec §2.3 'Message id: MID, int'; a send-MIME MID may arrive as a string of digits (§2.3). */
export const MidSchema = z.union([int, z.string().regex(/^-?\d+$/).transform(Number)]);

// ---- requests (spec §2.3) ----

export interface LogOnRequest {
  UserIdOrEmail: string;
  Password: string;
}

/** spec §2.3 ChangePassword; EmailAddr (the SOAP form's field) names the user when no key is sent. */
export interface ChangePasswordRequest {
  EmailAddr?: string;
  OldPassword: string;
  NewPassword: string;
}

export interface CreateFolderRequest {
  FolderName: string;
  FolderType: number;
}

export interface GetInboxMidRequest {
  FolderId: number;
  MessageListFilter: number;
  MustHaveAttachments: boolean;
}

export interface GetMessageSummariesRequest {
  FolderId: number;
  LastMessageIDReceived: number;
}

export interface SearchInboxRequest {
  Filter?: string;
  FolderId?: number;
  GetInboxUnReadOnly?: boolean;
  GetRetractedMsgs?: boolean;
  OrderBy?: string;
  OrderDesc?: boolean;
  PageNum: number;
  PageSize: number;
}

export interface SendAttachment {
  AttachmentBase64: string;
  ContentType: string;
  FileName: string;
  ContentId?: string;
}

export interface SendMessageRequest {
  To: string[];
  From?: string;
  Cc?: string[];
  Bcc?: string[];
  Subject: string;
  HtmlBody?: string;
  TextBody?: string;
  Attachments?: SendAttachment[];
}

// ---- responses (vendor-wire §1.1 / §1.2, B3) ----

export const LogOnResponseSchema = z.looseObject({ SessionKey: z.string().min(1) });

/** vendor-wire §1.2 Folder; spec §4.3 'with statistics'. */
export const FolderSchema = z.looseObject({
  FolderId: int,
  FolderName: z.string(),
  FolderType: int,
  IsSystemFolder: z.boolean().optional(),
  TotalMessages: int.optional(),
});
export type FolderInfo = z.infer<typeof FolderSchema>;

export const FolderListSchema = z.looseObject({ Folders: z.array(FolderSchema) });

export const CreateFolderResponseSchema = z.looseObject({ FolderId: int });

export const MessageIdsSchema = z.looseObject({ MessageIds: z.array(int) });

/** vendor-wire §1.2 Summary; MessageStatus is a spec §3.1 value. */
export const SummarySchema = z.looseObject({
  MessageId: int,
  MessageStatus: int,
  FolderId: int.optional(),
  Subject: z.string().optional(),
  SenderAddress: z.string().optional(),
});
export type Summary = z.infer<typeof SummarySchema>;

/** Summaries and Get unread (vendor-wire §1.1); MoreMessagesAvailable is a string in one library. */
export const SummariesSchema = z.looseObject({
  Summaries: z.array(SummarySchema),
  MoreMessagesAvailable: z.union([z.boolean(), z.string()]).optional(),
});

/** vendor-wire §1.2 search Result: the status arrives as MessageStatus and/or MessageStatusId. */
export const SearchResultSchema = z
  .looseObject({ MessageId: int, MessageStatus: int.optional(), MessageStatusId: int.optional(), Subject: z.string().optional() })
  .refine((r) => r.MessageStatus !== undefined || r.MessageStatusId !== undefined, 'a result carries MessageStatus or MessageStatusId');
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.looseObject({
  PageDetails: z.looseObject({ TotalMessages: int.optional(), TotalPages: int.optional() }).optional(),
  Results: z.array(SearchResultSchema),
});

/** vendor-wire §1.2 Metadata Tracking entry (CS-DIRECT names the status MessageStatus). */
export const TrackingSchema = z.looseObject({
  Email: z.string(),
  MessageStatusId: int.optional(),
  MessageStatus: int.optional(),
  DateOpened: z.string().optional(),
});
export type TrackingEntry = z.infer<typeof TrackingSchema>;

export const MetadataSchema = z.looseObject({
  Tracking: z.array(TrackingSchema).nullish(),
  SecurityEnvelope: z.unknown().optional(),
});

/** vendor-wire §1.2 Message. */
export const MessageSchema = z.looseObject({
  To: z.array(z.string()),
  From: z.string(),
  Subject: z.string(),
  TextBody: z.string().nullish(),
  HtmlBody: z.string().nullish(),
});

export const MimeResponseSchema = z.looseObject({ MimeMessage: z.string().min(1) });

/** spec §2.3: Send returns the MID as an int. */
export const SendResponseSchema = z.looseObject({ MessageId: int });

/** spec §2.3: send-MIME returns the MID as a string; a JSON number is tolerated (see clarifications). */
export const SendMimeResponseSchema = z.looseObject({ MessageId: MidSchema });

/** Status values a response carries for one message or tracking entry. */
export const statusesOf = (item: { MessageStatus?: number; MessageStatusId?: number }): number[] =>
  [item.MessageStatus, item.MessageStatusId].filter((s): s is number => s !== undefined);
