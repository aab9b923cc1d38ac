"""E-mail: the messages (plain text and HTML, in the person's language) and SMTP.

Every notification mail carries a one-click unsubscribe (RFC 8058): the
``List-Unsubscribe`` header names a URL that a POST alone acts on
(``List-Unsubscribe-Post: List-Unsubscribe=One-Click``), so a mail client's
button works without a sign-in, and the body shows a visible link to a page
that asks before it acts (a link a mail scanner opens must change nothing).
Links are built from ``VITRINE_PUBLIC_URL``, never from a request's Host
header, which a client chooses.  SMTP runs on a worker thread (smtplib),
with TLS as the settings say: STARTTLS, implicit TLS, or none (a relay on
the same machine).
"""

import html
import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import quote

from vitrine.server.notifications.words import say
from vitrine.server.settings import Settings

SMTP_TIMEOUT = 20.0  # seconds for the server to answer each step


def link(settings: Settings, path: str) -> str:
    return settings.public_url.rstrip("/") + path


def mail_enabled(settings: Settings) -> bool:
    """E-mail needs an SMTP server and the site's address (for the links)."""
    return bool(settings.smtp_host and settings.public_url)


def compose(
    settings: Settings,
    to: str,
    language: str,
    subject: str,
    line: str,
    action: tuple[str, str],
    unsubscribe: str | None,
) -> EmailMessage:
    """A multipart/alternative message: ``line`` and a button-like link ``action``
    (words, URL); ``unsubscribe`` (a token) adds the RFC 8058 headers and link."""
    words, url = action
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = settings.smtp_sender or f"vitrine <noreply@{settings.smtp_host}>"
    message["To"] = to
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="vitrine")
    message["Auto-Submitted"] = "auto-generated"  # no out-of-office replies (RFC 3834)
    text = [line, "", f"{words}: {url}"]
    markup = [
        f"<p>{html.escape(line)}</p>",
        f'<p><a href="{html.escape(url)}">{html.escape(words)}</a></p>',
    ]
    if unsubscribe is not None:
        post_url = link(settings, f"/api/notifications/unsubscribe?token={quote(unsubscribe)}")
        page_url = link(settings, f"/account#unsubscribe={quote(unsubscribe)}")
        message["List-Unsubscribe"] = f"<{post_url}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        why, stop = say(language, "why"), say(language, "unsubscribe")
        text += ["", "--", why, f"{stop}: {page_url}"]
        markup += [
            f'<hr><p style="font-size:small">{html.escape(why)} '
            f'<a href="{html.escape(page_url)}">{html.escape(stop)}</a></p>'
        ]
    message.set_content("\n".join(text) + "\n")
    page = f'<!doctype html><html lang="{language}"><body>{"".join(markup)}</body></html>\n'
    message.add_alternative(page, subtype="html")
    return message


def send(settings: Settings, message: EmailMessage) -> None:
    """Hand ``message`` to the SMTP server (blocking: call it on a worker thread)."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if settings.smtp_tls == "tls":
        smtp = smtplib.SMTP_SSL(
            settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT, context=context
        )
    else:
        smtp = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT)
    with smtp:
        if settings.smtp_tls == "starttls":
            smtp.starttls(context=context)
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(message)
