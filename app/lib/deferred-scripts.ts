/**
 * A public page's browser code starts once the page is on screen (ADR 0012). The server marks React Router's
 * module preloads and its module script inert (`deferScripts`); the script below, rendered at the end of the
 * body, brings them back once the browser reports the first contentful paint (or, where it cannot, after the
 * first frame) and the page's priority image has arrived, or after three seconds at the latest. Until then the
 * network carries only what the visitor sees: the document, its stylesheet, its font and its main picture.
 * Links and the server-rendered content work meanwhile.
 */
export const DEFERRED_PRELOAD_REL = 'x-deferred-modulepreload';
export const DEFERRED_MODULE_TYPE = 'x-deferred-module';

export const startDeferredScripts = `(function(){
var started=false;
function start(){
if(started)return;started=true;
document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(link){link.rel='modulepreload'});
document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(inert){
var script=document.createElement('script');script.type='module';script.nonce=inert.nonce;script.textContent=inert.textContent;inert.replaceWith(script);
});
}
function afterPaint(){
var pending=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(img){return !img.complete});
var left=pending.length;
if(!left)return setTimeout(start,0);
pending.forEach(function(img){
function done(){if(--left===0)setTimeout(start,0)}
img.addEventListener('load',done,{once:true});img.addEventListener('error',done,{once:true});
});
}
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf('paint')<0){requestAnimationFrame(function(){setTimeout(afterPaint,0)})}
else{var observer=new PerformanceObserver(function(list){
if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();afterPaint()}
});observer.observe({type:'paint',buffered:true})}
setTimeout(start,3000);
})();`;
