import {
  fallbackFile,
  IMAGE_FORMATS,
  MIME_TYPES,
  srcset,
  type ResponsiveImage,
} from './responsive-image';

/**
 * A responsive image: one `<source>` per format (AVIF, then WebP) with every width in `srcset`,
 * and an `<img>` with the intrinsic `width`/`height` (the page's CSS sizes it with
 * `height: auto`, so the box is reserved before the file arrives: no layout shift).
 *
 * `priority`: the first image a visitor sees (the LCP candidate) loads eagerly with high fetch
 * priority; every other image is lazy and decoded off the main thread.
 */
export function Picture(props: {
  image: ResponsiveImage;
  /** The slot's width per viewport (see sizesAttr). */
  sizes: string;
  priority?: boolean;
  className?: string | undefined;
}) {
  const { image, sizes, priority = false } = props;
  const fallback = fallbackFile(image);
  return (
    <picture className={props.className}>
      {IMAGE_FORMATS.map((format) => (
        <source
          key={format}
          type={MIME_TYPES[format]}
          srcSet={srcset(image, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={fallback.url}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
