/**
 * A public page's browser code starts once the page is on screen (ADR 0012). The server marks the islands'
 * module preloads and its module script inert (`deferScripts`); the script below, rendered at the end of the
 * body, brings them back once the browser reports the first contentful paint (or, where it cannot, after the
 * first frame) and has painted the page's priority image if it is in view, or after three seconds at the latest.
 * The paint is reported by the Element Timing API (Chromium); elsewhere the image's decoding stands in for it.
 * An image's bytes can arrive long before it is painted (decoding an AVIF took 300–500 ms in headless Chromium on
 * the bench machine), and script work started in between delays that paint; Lighthouse then counts every script
 * download in the LCP. Until then the network carries only what the visitor sees: the document, its stylesheet
 * and its main picture (the font waits too: ADR 0022). Links and the server-rendered content work meanwhile.
 * Each preload is restored in a task of its own, and the module script after them: all at once made one long task.
 * The font is fetched last, for the next pages (app/lib/font-loading.ts). Starting also sets `html.painted`, which
 * lets the photos of `.photos-after-paint` blocks load (app.css, ADR 0046).
 */
import { fontPrefetch } from './font-loading';

export const DEFERRED_PRELOAD_REL = 'x-deferred-modulepreload';
export const DEFERRED_MODULE_TYPE = 'x-deferred-module';
/** The `elementtiming` name of a page's priority image (`ResponsiveImage`). */
export const PRIORITY_IMAGE_TIMING = 'priority-image';
/** Set on <html> when the page's code starts; until then `.photos-after-paint` photos wait (app.css, ADR 0046). */
export const PAINTED_CLASS = 'painted';

export const startDeferredScripts = (fontUrl: string) => `(function(){
var started=false;
function start(){
if(started)return;started=true;
document.documentElement.classList.add('${PAINTED_CLASS}');
document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(link){setTimeout(function(){link.rel='modulepreload'},0)});
setTimeout(function(){document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(inert){
var script=document.createElement('script');script.type='module';script.textContent=inert.textContent;inert.replaceWith(script);
})},0);
setTimeout(function(){${fontPrefetch(fontUrl)}},0);
}
function startAfterNextPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}
function inView(img){var r=img.getBoundingClientRect();return r.width>0&&r.bottom>0&&r.top<innerHeight}
function afterPaint(){
var images=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),inView);
var seen=[];
function painted(img){if(seen.indexOf(img)<0){seen.push(img);if(seen.length===images.length)startAfterNextPaint()}}
if(!images.length)return startAfterNextPaint();
images.forEach(function(img){img.addEventListener('error',function(){painted(img)},{once:true})});
if(types.indexOf('element')>=0)new PerformanceObserver(function(list){list.getEntries().forEach(function(entry){
if(entry.identifier==='${PRIORITY_IMAGE_TIMING}'&&images.indexOf(entry.element)>=0)painted(entry.element);
})}).observe({type:'element',buffered:true});
else images.forEach(function(img){
function decoded(){painted(img)}
if(img.decode)img.decode().then(decoded,decoded);
else if(img.complete)decoded();
else img.addEventListener('load',decoded,{once:true});
});
}
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf('paint')<0){requestAnimationFrame(function(){setTimeout(afterPaint,0)})}
else{var observer=new PerformanceObserver(function(list){
if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();afterPaint()}
});observer.observe({type:'paint',buffered:true})}
setTimeout(start,3000);
})();`;
