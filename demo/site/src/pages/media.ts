// Issue 16 item 3: a live-well page (SPEC §2) with a short video and its player, which the container
// reports as a media session (docs/MEDIA.md; the health-site property tracks video[data-media-name]).
import { article, definePage, inset, list, pageHeading } from '../components';
import { dataLayer } from '../data-layer';
import { html } from '../html';
import type { DemoPage } from '../types';

/** The video the repository ships (scripts/make-demo-video.sh) and its chapters. */
export const DEMO_VIDEO = { file: 'warm-up.webm', chapters: 'warm-up-chapters.vtt', name: 'Warm-up exercises' } as const;

export const warmUpVideo: DemoPage = definePage({
  path: '/live-well/exercise/warm-up-video',
  title: 'Warm-up exercises: video',
  digitalData: dataLayer({ pageName: 'live-well:exercise:warm-up-video', primaryCategory: 'live-well', subCategories: ['exercise', 'warm-up-video'], pageType: 'video' }),
  body: article(html`${pageHeading('Warm-up exercises', 'A short video to watch before you start exercising. Warming up gets your muscles ready and lowers the risk of injury.')}
<figure class="app-video">
<video id="warm-up-video" controls preload="metadata" width="320" height="180" data-media-name="${DEMO_VIDEO.name}" aria-describedby="warm-up-video-caption">
<source src="/assets/${DEMO_VIDEO.file}" type="video/webm">
<track kind="chapters" src="/assets/${DEMO_VIDEO.chapters}" srclang="en" label="Chapters">
</video>
<figcaption id="warm-up-video-caption" class="nhsuk-body-s">Video, 4 seconds, no sound: a demonstration test pattern in 2 chapters, neck rolls and arm circles.</figcaption>
</figure>
<h2>What the video shows</h2>
${list(['neck rolls: 5 slow circles each way', 'arm circles: 10 forwards, then 10 backwards'])}
${inset(html`<p>Stop if you feel pain, dizziness or shortness of breath.</p>`)}
<p>Back to <a href="/live-well/exercise/">physical activity guidelines</a>.</p>`),
});
