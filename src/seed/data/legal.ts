import type { LegalSlug } from '../../lib/legal'

/** Starting texts for /legal/*: short and plain, for administrators to replace in the admin. */
export interface DemoLegalPage {
  slug: LegalSlug
  title: string
  paragraphs: string[]
}

export const demoLegalPages: DemoLegalPage[] = [
  {
    slug: 'terms',
    title: 'Terms of Use',
    paragraphs: [
      'By using Blockforge you agree to these terms. You must be old enough to consent to them where you live.',
      'You keep the rights to what you upload and give us permission to host and distribute it. Do not upload anything you have no right to share.',
      'We may remove content or suspend accounts that break these terms or the content rules.',
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    paragraphs: [
      'We collect what we need to run the site: your account details, what you publish, and basic usage data such as downloads and page views.',
      'We never sell your personal data. You can download or delete your data from your account settings at any time.',
    ],
  },
  {
    slug: 'rules',
    title: 'Content Rules',
    paragraphs: [
      'Projects must be game content, work as described, and respect the law and other people.',
      'Malware, stolen content, hateful material and misleading descriptions are removed. Report anything that breaks these rules.',
    ],
  },
  {
    slug: 'copyright',
    title: 'Copyright Policy',
    paragraphs: [
      'We respect intellectual property. If you believe content on Blockforge infringes your copyright, send us a notice with the work, the infringing page and your contact details.',
      'We remove infringing content promptly and suspend repeat infringers.',
    ],
  },
  {
    slug: 'security',
    title: 'Security Notice',
    paragraphs: [
      'Found a vulnerability? Please report it privately to our security team and give us reasonable time to fix it before telling others.',
      'We do not take legal action against good-faith research that respects our users’ privacy.',
    ],
  },
  {
    slug: 'ccpa',
    title: 'California Privacy Notice',
    paragraphs: [
      'If you live in California you have the right to know what personal information we collect, to have it deleted, and to opt out of its sale.',
      'We do not sell personal information. To exercise your rights, contact us from the email address on your account.',
    ],
  },
  {
    slug: 'cmp',
    title: 'Consent Preferences',
    paragraphs: [
      'Choose which optional cookies and similar technologies Blockforge may use. Strictly necessary cookies, such as your session and theme, are always on.',
    ],
  },
  {
    slug: 'cmp-info',
    title: 'About Consent Management',
    paragraphs: [
      'We ask for your consent before using optional cookies for advertising and measurement. Your choice is stored on your device and you can change it at any time on the consent preferences page.',
    ],
  },
]
