// The browser test's driver, injected by web/test-page.py into the page it serves (the page a
// teacher copies has none). It runs after each frame the page draws (shell.html's wsOnFrame)
// and posts what it found to the test server: the first frame's time, whether the lesson's
// slide is drawn (not one colour), whether the picture holds still and then changes when the
// step moves, the page's address after Copy link, the frames per second while stepping, a
// screenshot, and the page's emulator's
// answer for each request the server asks about (compared there with the native program's).
(function () {
  'use strict';
  var config = JSON.parse(decodeURIComponent(location.hash.slice(1)));
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
    var hash = 2166136261, colours = new Set();
    for (var i = 0; i < px.length; i += 4) {
      var rgb = (px[i] << 16) | (px[i + 1] << 8) | px[i + 2];
      if (colours.size < 4096) colours.add(rgb);
      hash = Math.imul(hash ^ rgb, 16777619) >>> 0;
    }
    return { width: c.width, height: c.height, colours: colours.size, hash: hash };
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

  var phase = 'settle', waited = 0, stepping = null;
  window.wsOnFrame = function (frame) {
    if (frame === 1) report.firstFrameMs = performance.now();
    if (phase === 'settle') {
      if (++waited < config.settleFrames) return;
      report.pictures.slide = picture();
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
      Module._ws_page_copy_link();  // the next frame makes the page's address the link
      phase = 'link';
    } else if (phase === 'link') {
      report.link = location.search;
      phase = 'fps';
      stepping = { start: performance.now(), frames: 0 };
    } else if (phase === 'fps') {
      // A step forward each frame (back to the first at the end), for config.fpsSeconds.
      var before = Module._ws_page_step(0);
      if (Module._ws_page_step(1) === before) Module._ws_page_step(-before);
      ++stepping.frames;
      var elapsed = performance.now() - stepping.start;
      if (elapsed < config.fpsSeconds * 1000) return;
      report.fps = (stepping.frames - 1) / (elapsed / 1000);
      phase = 'done';
      post('/report', JSON.stringify(report));
    }
  };
})();
