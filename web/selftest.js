// The browser test's driver, injected by web/test-page.py into the page it serves (the page a
// teacher copies has none). It runs after each frame the page draws (shell.html's wsOnFrame)
// and posts what it found to the test server: the first frame's time, whether the lesson's
// slide is drawn (not one colour), whether the picture holds still and then changes when the
// step moves, the page's address after Copy link, what three exports said and downloaded, the
// settings the page keeps in localStorage, the frames per second while stepping, a screenshot,
// and the page's emulator's
// answer for each request the server asks about (compared there with the native program's).
(function () {
  'use strict';
  var hash = location.hash;  // (Copy link replaces the address, and the hash with it)
  var config = JSON.parse(decodeURIComponent(hash.slice(1)));
  var report = { firstFrameMs: null, pictures: {}, emulator: {} };
  var scratch = document.createElement('canvas');

  // The canvas as it was just drawn (called in the frame's own task, before it is shown).
  function picture() {
    var c = Module.canvas;
    scratch.width = c.width;
    scratch.height = c.height;
    var g = scratch.getContext('2d');
    g.drawImage(c, 0, 0);
    var px = g.getImageData(0, 0, c.width, c.height).data;
    var hash = 2166136261, colours = new Set(), counts = new Map(), top = 0;
    for (var i = 0; i < px.length; i += 4) {
      var rgb = (px[i] << 16) | (px[i + 1] << 8) | px[i + 2];
      if (colours.size < 4096) colours.add(rgb);
      hash = Math.imul(hash ^ rgb, 16777619) >>> 0;
      counts.set(rgb, (counts.get(rgb) || 0) + 1);
      if (counts.get(rgb) > (counts.get(top) || 0)) top = rgb;
    }
    // The most common colour's brightness (0..255): the theme's background.
    var light = ((top >> 16) + ((top >> 8) & 255) + (top & 255)) / 3;
    return { width: c.width, height: c.height, colours: colours.size, hash: hash, light: light };
  }

  function emulator(flags) {
    var size = lengthBytesUTF8(flags) + 1, at = Module._malloc(size);
    stringToUTF8(flags, at, size);
    Module._ws_page_emulator(at);
    Module._free(at);
    return UTF8ToString(Module._ws_page_answer());
  }

  function post(path, body) {
    return fetch(path, { method: 'POST', body: body });
  }

  // A failure in the page ends the test at once, saying what it was.
  window.addEventListener('error', function (e) {
    post('/report', JSON.stringify({ error: String(e.message) }));
  });

  // The page opened again (config.reopen, the same browser): the first load's report, and the
  // settings the page kept across the load.
  var first = sessionStorage.getItem('wsFirstReport');
  // The report posted, or kept while the page is opened again at config.reopen's query.
  function finish() {
    phase = 'done';
    if (!config.reopen) return post('/report', JSON.stringify(report));
    sessionStorage.setItem('wsFirstReport', JSON.stringify(report));
    location.href = location.pathname + config.reopen + hash;
  }

  var phase = first ? 'reopened' : 'settle', waited = 0, stepping = null;
  window.wsOnFrame = function (frame) {
    if (frame === 1) {
      report.firstFrameMs = performance.now();
      report.times = window.wsTimes;
    }
    if (phase === 'reopened') {
      if (++waited < 5) return;
      report = JSON.parse(first);
      report.reopened = { query: location.search, settings: localStorage.getItem('warpscope-settings') };
      phase = 'done';
      post('/report', JSON.stringify(report));
    } else if (phase === 'settle') {
      if (++waited < config.settleFrames) return;
      report.pictures.slide = picture();
      report.banner = UTF8ToString(Module._ws_page_banner());
      post('/screenshot', Module.canvas.toDataURL('image/png'));
      phase = 'still';
    } else if (phase === 'still') {
      report.pictures.still = picture();  // the next frame, nothing changed: the same picture
      report.stepTo = Module._ws_page_step(config.stepBy);
      phase = 'stepped';
      waited = 0;
    } else if (phase === 'stepped') {
      if (++waited < config.stepFrames) return;  // the step's transition has ended
      report.pictures.stepped = picture();
      for (var i = 0; i < config.requests.length; ++i)
        report.emulator[config.requests[i]] = emulator(config.requests[i]);
      if (config.roundTrip) {  // every flag a link carries, opened, copied, reopened
        Module._ws_page_link_round_trip();
        report.roundTrip = UTF8ToString(Module._ws_page_answer());
      }
      Module._ws_page_copy_link();  // the next frame makes the page's address the link
      phase = 'link';
    } else if (phase === 'link') {
      report.link = location.search;
      phase = 'exports';
      window.wsDownloads = [];
      report.exports = [];
      Module._ws_page_export(0);  // the stats as CSV, handled in the next frame
    } else if (phase === 'exports') {
      // Each export's line, once its frame is drawn; then the next (quiz scores, a PNG).
      report.exports.push(UTF8ToString(Module._ws_page_export_message()));
      if (report.exports.length < 3) return Module._ws_page_export(report.exports.length);
      report.downloads = window.wsDownloads;
      report.settings = localStorage.getItem('warpscope-settings');
      phase = config.fpsSeconds > 0 ? 'fps' : 'done';
      if (phase === 'done') return finish();
      stepping = { start: performance.now(), frames: 0, inFrames: window.wsFrameMsTotal };
    } else if (phase === 'fps') {
      // A step forward each frame (back to the first at the end), for config.fpsSeconds.
      var before = Module._ws_page_step(0);
      if (Module._ws_page_step(1) === before) Module._ws_page_step(-before);
      ++stepping.frames;
      var elapsed = performance.now() - stepping.start;
      if (elapsed < config.fpsSeconds * 1000) return;
      report.fps = (stepping.frames - 1) / (elapsed / 1000);
      report.frameFunctionMs = (window.wsFrameMsTotal - stepping.inFrames) / stepping.frames;
      report.drawCounts = UTF8ToString(Module._ws_page_draw_counts());
      finish();
    }
  };
})();
