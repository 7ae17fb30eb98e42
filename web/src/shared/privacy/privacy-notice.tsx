import type { ReactNode } from 'react';
import { IfSetting, useSettingValue } from '../render/setting-values';
import {
  NOTICE_SETTINGS,
  NOTICE_UPDATED_ISO,
  type NoticeBlock,
  type NoticeValue,
  type PrivacyNoticeText,
} from './notice';

/** Class names a site gives the notice's parts, so each site keeps its own look. */
export interface NoticeClasses {
  readonly root?: string;
  readonly title?: string;
  readonly updated?: string;
  readonly intro?: string;
  readonly section?: string;
  readonly heading?: string;
  readonly paragraph?: string;
  readonly list?: string;
}

/** `text` with its {values} filled in: plain values inline, the contact address as a link. */
function Filled(props: { text: string }) {
  const contact = useSettingValue(NOTICE_SETTINGS.contact);
  const leads = useSettingValue(NOTICE_SETTINGS.leadsDays);
  const resumes = useSettingValue(NOTICE_SETTINGS.resumesDays);
  const plain: Record<Exclude<NoticeValue, 'contact'>, string> = {
    leadsDays: leads,
    resumesDays: resumes,
  };
  // One text node per stretch between links, so the browser's first render matches the HTML.
  const parts: ReactNode[] = [];
  let text = '';
  for (const piece of props.text.split(/(\{\w+\})/)) {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1] as NoticeValue | undefined;
    if (name === 'contact') {
      if (text !== '') parts.push(text);
      text = '';
      parts.push(
        <a key={parts.length} href={`mailto:${contact}`}>
          {contact}
        </a>,
      );
    } else {
      text += name !== undefined ? plain[name] : piece;
    }
  }
  if (text !== '') parts.push(text);
  return <>{parts}</>;
}

function Block(props: { block: NoticeBlock; classes: NoticeClasses }) {
  const { block, classes } = props;
  if ('p' in block) {
    return (
      <p className={classes.paragraph}>
        <Filled text={block.p} />
      </p>
    );
  }
  if ('list' in block) {
    return (
      <ul className={classes.list}>
        {block.list.map((item) => (
          <li key={item}>
            <Filled text={item} />
          </li>
        ))}
      </ul>
    );
  }
  // Each case in a box of its own, which the server's section tokens (or the browser) fill.
  const setting = NOTICE_SETTINGS[block.value];
  return (
    <>
      <div>
        <IfSetting setting={setting} when="set">
          <p className={classes.paragraph}>
            <Filled text={block.set} />
          </p>
        </IfSetting>
      </div>
      <div>
        <IfSetting setting={setting} when="empty">
          <p className={classes.paragraph}>
            <Filled text={block.unset} />
          </p>
        </IfSetting>
      </div>
    </>
  );
}

/** A site's privacy notice (shared/privacy/notice.ts), in the site's own classes. */
export function PrivacyNotice(props: { text: PrivacyNoticeText; classes: NoticeClasses }) {
  const { text, classes } = props;
  return (
    <article className={classes.root}>
      <h1 className={classes.title}>{text.title}</h1>
      <p className={classes.updated}>
        {text.updatedLabel} <time dateTime={NOTICE_UPDATED_ISO}>{text.updated}</time>
      </p>
      <p className={classes.intro}>{text.intro}</p>
      {text.sections.map((section) => (
        <section key={section.heading} className={classes.section}>
          <h2 className={classes.heading}>{section.heading}</h2>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} classes={classes} />
          ))}
        </section>
      ))}
    </article>
  );
}
