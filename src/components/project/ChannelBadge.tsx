import { asChannel, channelLetter } from '@/lib/project/versions'

/** The R / B / A badge of a release channel, with the channel's name for screen readers and on hover. */
export function ChannelBadge({ channel, label, full = false }: { channel: string | null | undefined; label: string; full?: boolean }) {
  const c = asChannel(channel)
  return (
    <span className={`channel-badge channel-badge--${c}${full ? ' channel-badge--full' : ''}`} title={label}>
      {full ? (
        label
      ) : (
        <>
          <span aria-hidden="true">{channelLetter(c)}</span>
          <span className="visually-hidden">{label}</span>
        </>
      )}
    </span>
  )
}
