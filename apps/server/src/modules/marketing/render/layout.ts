import { escapeHtml } from './links.js';
import { COLOURS, CONTENT_PADDING, CONTENT_WIDTH, STYLE } from './styles.js';

/*
 * The mail layout (SPEC.md section 2: 520 px content, overlaid header), as tables with inline styles
 * because that is what mail clients render alike: a dark band with the sender's name, the white
 * content column pulled up over the band's lower half, and under it a footer with the visible
 * unsubscribe link every marketing mail must carry (issue 23). Clients that ignore the negative
 * margin (Outlook on Windows) show the column just under the band. On a phone the column takes the
 * screen's width.
 */

/** Space the column overlaps the band by. */
const OVERLAP = 56;

/**
 * Filler after the preheader: the inbox's preview line shows the preheader, then these invisible
 * characters instead of the start of the body.
 */
const PREHEADER_FILLER = '&#847;&zwnj;&nbsp;'.repeat(40);

export interface LayoutParts {
  /** Up to the <title>'s text. */
  beforeTitle: string;
  /** From the </title> to the hidden preheader's text. */
  beforePreheader: string;
  /** From the preheader to the body. */
  beforeBody: string;
  /** From the body to the unsubscribe link's address. */
  beforeUnsubscribe: string;
  /** The rest, from the unsubscribe link's address; the open pixel goes before `</body>`. */
  afterUnsubscribe: string;
  end: string;
}

/** The layout's fixed parts for a sender (shown in the band) and a project (named in the footer). */
export function layoutParts(senderName: string, projectName: string): LayoutParts {
  const table = (attrs: string) => `<table role="presentation" cellpadding="0" cellspacing="0" border="0" ${attrs}>`;
  return {
    beforeTitle:
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      '<meta name="x-apple-disable-message-reformatting"><title>',
    beforePreheader:
      '</title><style>@media (max-width:560px){.wharf-column{width:100%!important}' +
      `.wharf-content{padding:24px 16px!important}}</style></head>` +
      `<body style="margin:0;padding:0;background:${COLOURS.page};">` +
      '<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">',
    beforeBody:
      `${PREHEADER_FILLER}</div>` +
      table(`width="100%" style="background:${COLOURS.page};"`) +
      `<tr><td align="center" style="background:${COLOURS.band};padding:28px 16px ${OVERLAP + 24}px;` +
      `font-family:${STYLE.font};font-size:20px;line-height:1.3;font-weight:700;color:#ffffff;">` +
      `${escapeHtml(senderName)}</td></tr>` +
      '<tr><td align="center" style="padding:0 12px 32px;">' +
      table(
        `class="wharf-column" width="${CONTENT_WIDTH}" style="width:${CONTENT_WIDTH}px;max-width:100%;` +
          `margin:-${OVERLAP}px auto 0;background:${COLOURS.card};border-radius:8px;"`,
      ) +
      `<tr><td class="wharf-content" style="padding:32px ${CONTENT_PADDING}px;${STYLE.body}">`,
    beforeUnsubscribe:
      '</td></tr></table>' +
      table(`class="wharf-column" width="${CONTENT_WIDTH}" style="width:${CONTENT_WIDTH}px;max-width:100%;"`) +
      `<tr><td style="padding:24px ${CONTENT_PADDING}px;font-family:${STYLE.font};font-size:12px;line-height:1.5;` +
      `color:${COLOURS.muted};text-align:center;">` +
      `You receive this mail because you subscribed to ${escapeHtml(projectName)}.<br>` +
      `<a href="`,
    afterUnsubscribe:
      `" style="color:${COLOURS.muted};text-decoration:underline;">Unsubscribe</a>` +
      '</td></tr></table></td></tr></table>',
    end: '</body></html>',
  };
}

/** The plain-text part's footer. */
export const textFooter = (projectName: string, unsubscribeUrl: string) =>
  `\n\n--\nYou receive this mail because you subscribed to ${projectName}.\nUnsubscribe: ${unsubscribeUrl}\n`;

/** A 1×1 image whose loading counts an open. */
export const openPixel = (url: string) =>
  `<img src="${escapeHtml(url)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;">`;
