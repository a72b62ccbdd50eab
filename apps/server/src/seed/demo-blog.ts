/**
 * The platform's own help, for the demo world: tutorials and answers for the people who run shops
 * and factories on the platform. Published as `parent-platform` posts, so every signed-in user reads
 * them under Support. Fixed ids keep the seed idempotent; links point at the console's own pages.
 */
export interface DemoPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: 'tutorial' | 'faq';
}

const id = (n: number) => `0d0eb106-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const demoTutorials: DemoPost[] = [
  {
    id: id(1),
    slug: 'invite-your-team',
    title: 'Invite your team',
    excerpt: 'Bring your staff into your project by email, each with the role that fits their work.',
    category: 'tutorial',
    content: `
<p>Your shop or factory runs on people. Invite them to your project and they see the same orders, files and chats as you do, within the limits of their role.</p>
<h2>Before you start</h2>
<p>You need to be an <strong>Owner</strong> or <strong>Admin</strong> of the project, or hold a role with permission to invite people.</p>
<h2>Steps</h2>
<ol>
<li>Open <a href="/users/invites">Users → Invites</a> for your project.</li>
<li>Type the person's work email address.</li>
<li>Choose a role. Not sure which? See <a href="/support/faqs">Which role should I give a new team member?</a></li>
<li>Select <strong>Send invite</strong>. We email them a link to join.</li>
</ol>
<p>The link works for <strong>7 days</strong>. The person signs in (or creates an account) and lands straight in your project.</p>
<h2>Following up</h2>
<ul>
<li>The invitation list shows who is <em>pending</em>, who <em>accepted</em> and whose link <em>expired</em>.</li>
<li><strong>Resend</strong> sends a fresh link and stops the old one working.</li>
<li><strong>Revoke</strong> cancels an invitation you sent by mistake.</li>
</ul>
<blockquote><p>Tip: invite people with their work address, not a shared one. Everyone gets their own sign-in, so the audit log shows who did what.</p></blockquote>`,
  },
  {
    id: id(2),
    slug: 'create-an-api-key',
    title: 'Create an API key',
    excerpt:
      'Connect your till, warehouse scanner or spreadsheet to your project with a key that can do only what you allow.',
    category: 'tutorial',
    content: `
<p>An API key lets another program (a point-of-sale till, a label printer, a spreadsheet script) work with your project without anyone's password.</p>
<h2>Steps</h2>
<ol>
<li>Open <a href="/developer">Developer (APIs)</a> for your project.</li>
<li>Under <strong>Create an API key</strong>, give the key a name that says where it is used, such as <em>Front counter till</em>.</li>
<li>Tick only the permissions the program needs. A till that reads the catalogue does not need to change billing.</li>
<li>Select <strong>Create key</strong>.</li>
<li>Copy the secret straight away and paste it into the program's settings. <strong>It is shown once.</strong></li>
</ol>
<h2>Keeping keys safe</h2>
<ul>
<li>A key works for this one project only, and only with the permissions you ticked.</li>
<li>Never email a key or put it in a shared document.</li>
<li>If a key may have leaked, or a device is lost, select <strong>Revoke</strong>. It stops working on the next request. Then create a new one.</li>
</ul>
<p>The key list shows when each key was last used, so you can spot keys nobody needs any more.</p>`,
  },
  {
    id: id(3),
    slug: 'set-up-two-factor-authentication',
    title: 'Set up two-factor authentication',
    excerpt: 'Protect your account with a code from your phone, so a stolen password alone is not enough.',
    category: 'tutorial',
    content: `
<p>With two-factor authentication on, signing in needs your password <em>and</em> a six-digit code from an authenticator app on your phone. Someone who guesses or steals your password still cannot get in.</p>
<h2>What you need</h2>
<p>An authenticator app, such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis.</p>
<h2>Steps</h2>
<ol>
<li>Go to <a href="/settings/two-factor-authentication">Settings → Two-factor authentication</a>.</li>
<li><strong>Confirm it's you</strong> by entering your password.</li>
<li><strong>Scan the code</strong> with your authenticator app. If you cannot scan, copy the key shown under the code into the app.</li>
<li>Enter the six-digit code the app shows.</li>
<li><strong>Save your recovery codes.</strong> You get ten, shown once. Print them or keep them in a password manager.</li>
</ol>
<h2>Recovery codes</h2>
<p>Each recovery code works once, in place of an app code. Use one if your phone is lost or reset, then set up two-factor again to get new codes.</p>
<blockquote><p>Your organisation can require two-factor authentication for everyone. If it does, you will be asked to set it up before you can open your projects.</p></blockquote>`,
  },
  {
    id: id(4),
    slug: 'give-someone-billing-access',
    title: 'Give someone billing access',
    excerpt: 'Let your bookkeeper pay invoices and manage payment methods without access to the rest of your project.',
    category: 'tutorial',
    content: `
<p>Your accountant or bookkeeper needs invoices and payment methods, not your customer chats or production files. The <strong>Finance</strong> role gives exactly that.</p>
<h2>What Finance can do</h2>
<ul>
<li>See plans, invoices, transactions, wallets and payment methods.</li>
<li>Pay invoices and add or update payment methods.</li>
<li>See the project and its members, but not change them.</li>
</ul>
<h2>Someone new</h2>
<ol>
<li>Open <a href="/users/invites">Users → Invites</a>.</li>
<li>Enter their email address and choose <strong>Finance</strong>.</li>
<li>Select <strong>Send invite</strong>.</li>
</ol>
<h2>Someone already in the project</h2>
<ol>
<li>Open <a href="/users">Users</a> and find the person.</li>
<li>Select <strong>Change role</strong> and add <strong>Finance</strong>. People can hold more than one role.</li>
<li>Save.</li>
</ol>
<p>To take billing access away again, change their role back. The change applies within seconds.</p>`,
  },
  {
    id: id(5),
    slug: 'start-a-project-from-a-template',
    title: 'Start a project from a template',
    excerpt: 'Templates set up roles and settings for a shop or a factory, so your team can start on day one.',
    category: 'tutorial',
    content: `
<p>A project holds one shop or one production site: its team, modules, files and bills. A template fills in the usual set-up for you.</p>
<h2>The templates</h2>
<table>
<thead><tr><th scope="col">Template</th><th scope="col">What it adds</th></tr></thead>
<tbody>
<tr><td>Shop</td><td>A <em>Shop assistant</em> role, prices in euros, weights in kilograms.</td></tr>
<tr><td>Factory</td><td><em>Operator</em> and <em>Quality inspector</em> roles, shift times in UTC, weights in kilograms.</td></tr>
<tr><td>Blank</td><td>Nothing: the built-in roles only, and settings left for you.</td></tr>
</tbody>
</table>
<h2>Steps</h2>
<ol>
<li>Open <a href="/projects/create">Create project</a>.</li>
<li>Name the project after the shop or site, such as <em>Harbour Outfitters</em>.</li>
<li>Choose one of your organisations, or name a new one.</li>
<li>Under <strong>Start from a template</strong>, pick Shop, Factory or Blank.</li>
<li>Select <strong>Create project</strong>. You become its Owner.</li>
</ol>
<p>Everything a template adds can be changed later in <a href="/project/settings">Project settings</a> and <a href="/users/roles">Roles</a>.</p>`,
  },
  {
    id: id(6),
    slug: 'switch-between-projects',
    title: 'Switch between projects',
    excerpt: 'Run several shops or sites from one account and move between them in two clicks.',
    category: 'tutorial',
    content: `
<p>If you run more than one shop or site, each is its own project, and you move between them without signing out.</p>
<h2>From the account menu</h2>
<ol>
<li>Open the account menu at the top right.</li>
<li>Pick the project from the list. With more than five projects, type part of its name in the search box.</li>
</ol>
<p>The page you were on reopens for the new project, so you can compare the same screen in two shops.</p>
<h2>From the project list</h2>
<p><a href="/projects">Projects</a> lists every project you belong to, grouped by organisation.</p>
<h2>Good to know</h2>
<ul>
<li>Your role can differ per project: Owner in one shop, Viewer in another.</li>
<li>Modules are installed per project, so the menu changes with the project.</li>
<li>Bookmark a page with its project and you come back to the same shop every time.</li>
</ul>`,
  },
  {
    id: id(7),
    slug: 'make-a-role-for-your-shop-floor',
    title: 'Make a role for your shop floor',
    excerpt: 'When the built-in roles do not fit, make your own with exactly the permissions a job needs.',
    category: 'tutorial',
    content: `
<p>The built-in roles (Owner, Admin, Member, Finance, Viewer) suit most teams. A packer or a weekend helper may need less. Make a role of your own.</p>
<h2>Steps</h2>
<ol>
<li>Open <a href="/users/roles">Users → Roles</a>.</li>
<li>Name the new role after the job, such as <em>Packer</em>.</li>
<li>Tick the permissions the job needs, for example reading files and chatting.</li>
<li>Select <strong>Create role</strong>, then give the role to people from <a href="/users">Users</a>.</li>
</ol>
<p>You can only give permissions you hold yourself, so nobody can create a role more powerful than their own.</p>`,
  },
];

export const demoFaqs: DemoPost[] = [
  {
    id: id(101),
    slug: 'organisation-or-project',
    title: 'What is the difference between an organisation and a project?',
    excerpt: 'An organisation is your company; a project is one shop or site inside it.',
    category: 'faq',
    content: `
<p>An <strong>organisation</strong> is your business. A <strong>project</strong> is one shop, brand or production site that the business runs. One organisation can hold many projects.</p>
<p>People are invited to projects, not organisations, so your warehouse team does not have to see your second shop.</p>`,
  },
  {
    id: id(102),
    slug: 'which-role-for-a-new-team-member',
    title: 'Which role should I give a new team member?',
    excerpt: 'Start with Member for day-to-day staff, Finance for bookkeepers and Viewer for anyone who only looks.',
    category: 'faq',
    content: `
<ul>
<li><strong>Member</strong>: day-to-day staff. Chat, files and modules, no billing or administration.</li>
<li><strong>Finance</strong>: your bookkeeper. Invoices, payments and plans.</li>
<li><strong>Viewer</strong>: read-only, for advisers or new starters finding their way.</li>
<li><strong>Admin</strong>: a manager you trust with everything except deleting the project.</li>
<li><strong>Owner</strong>: everything. Keep this to the people who own the business.</li>
</ul>
<p>Start small. You can add a role later in <a href="/users">Users</a>; taking access away after a mistake is harder.</p>`,
  },
  {
    id: id(103),
    slug: 'invitation-email-not-received',
    title: "Someone didn't get their invitation email. What now?",
    excerpt: 'Check the address and the spam folder, then resend the invitation for a fresh link.',
    category: 'faq',
    content: `
<ol>
<li>Ask them to look in their spam or junk folder.</li>
<li>Check the address in <a href="/users/invites">Users → Invites</a>. A typo is the usual cause.</li>
<li>Select <strong>Resend</strong>. They get a new link, valid for 7 days, and the old one stops working.</li>
</ol>
<p>If the address was wrong, revoke the invitation and invite the right one.</p>`,
  },
  {
    id: id(104),
    slug: 'lost-phone-with-authenticator',
    title: 'I lost the phone with my authenticator app. How do I sign in?',
    excerpt: 'Use one of your recovery codes instead of the app code, then set up two-factor on your new phone.',
    category: 'faq',
    content: `
<p>When asked for the six-digit code, enter one of the <strong>recovery codes</strong> you saved when you set up two-factor authentication. Each code works once.</p>
<p>Once you are in, go to <a href="/settings/two-factor-authentication">Settings → Two-factor authentication</a> and set up your new phone. You get ten new recovery codes; the old ones stop working.</p>
<p>No recovery codes? Ask an Owner of your project or your platform's support team to help you get back in.</p>`,
  },
  {
    id: id(105),
    slug: 'shop-and-factory-in-one-account',
    title: 'Can I run a shop and a factory from one account?',
    excerpt: 'Yes. Make one project per shop or site and switch between them from the account menu.',
    category: 'faq',
    content: `
<p>Yes. Create one project for the shop and one for the factory, each from its own template, and switch between them from the account menu. See <a href="/support/tutorials/switch-between-projects">Switch between projects</a>.</p>
<p>Each project has its own team, roles, modules and bills, so your shop staff never see production files unless you invite them.</p>`,
  },
  {
    id: id(106),
    slug: 'what-is-demo-mode',
    title: "What does 'Project is in demo mode' mean?",
    excerpt: 'The project is on the demo plan: try everything out before you go live.',
    category: 'faq',
    content: `
<p>The project is on the <strong>demo plan</strong>. It is there to try things out: invite colleagues, install modules and set up roles before you go live.</p>
<p>When you are ready, choose a plan under <strong>Billing</strong> and the notice disappears.</p>`,
  },
  {
    id: id(107),
    slug: 'api-key-when-someone-leaves',
    title: 'What happens to API keys when someone leaves?',
    excerpt: 'Keys belong to the project, so they keep working. Revoke any key the person knew.',
    category: 'faq',
    content: `
<p>API keys belong to the project, not to the person who made them, so your till or scanner keeps working after they leave.</p>
<p>If the person saw or copied a secret, revoke that key on <a href="/developer">Developer (APIs)</a> and create a new one. Revoking takes effect on the next request.</p>`,
  },
];
