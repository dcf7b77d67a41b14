// SPDX-License-Identifier: MIT
// The floor under Pinhole's launch figure: a bare SDL2 program that opens a window of the same
// size with the same renderer flags, uploads one black NV12 frame and presents it, then prints
// the time since its own process started as Pinhole does ("first frame presented N ms after
// launch", from /proc/self/stat's start time on CLOCK_BOOTTIME). It also prints where that time
// went: for each step, the time since launch and the CPU the process had used by then (all its
// threads, llvmpipe's included), so a loaded machine's waiting can be told from the work. Built
// and run by Benchmarks/launch-time --floor.
#include <SDL.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds_since_launch(void) {
  FILE *file = fopen("/proc/self/stat", "r");
  if (!file) return -1;
  char text[1024];
  size_t length = fread(text, 1, sizeof text - 1, file);
  fclose(file);
  text[length] = 0;
  // Field 22 (starttime) counts from the field after the command's closing parenthesis.
  char *field = strrchr(text, ')');
  if (!field) return -1;
  unsigned long long start = 0;
  for (int index = 2; index < 22 && field; index++) field = strchr(field + 1, ' ');
  if (!field || sscanf(field + 1, "%llu", &start) != 1) return -1;
  struct timespec now;
  clock_gettime(CLOCK_BOOTTIME, &now);
  return now.tv_sec + now.tv_nsec / 1e9 - (double)start / sysconf(_SC_CLK_TCK);
}

static double process_cpu_seconds(void) {
  struct timespec used;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used);
  return used.tv_sec + used.tv_nsec / 1e9;
}

// One step's end: "name wall/cpu" in milliseconds, appended to the breakdown line.
static void mark(char *line, size_t size, const char *name) {
  size_t used = strlen(line);
  snprintf(line + used, size - used, " %s %d/%d", name, (int)(seconds_since_launch() * 1000 + 0.5),
           (int)(process_cpu_seconds() * 1000 + 0.5));
}

int main(int argc, char **argv) {
  char steps[256] = "";
  mark(steps, sizeof steps, "main");
  int width = argc > 2 ? atoi(argv[1]) : 1280, height = argc > 2 ? atoi(argv[2]) : 720;
  if (width < 16 || width > 8192 || height < 16 || height > 8192) return 2;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) return 1;
  mark(steps, sizeof steps, "init");
  SDL_Window *window = SDL_CreateWindow(
      "launch floor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
      SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_SHOWN);
  mark(steps, sizeof steps, "window");
  SDL_Renderer *renderer =
      window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC)
             : NULL;
  SDL_Texture *texture = renderer ? SDL_CreateTexture(renderer, SDL_PIXELFORMAT_NV12,
                                                      SDL_TEXTUREACCESS_STREAMING, width, height)
                                  : NULL;
  if (!texture) return 1;
  mark(steps, sizeof steps, "renderer");
  SDL_RenderClear(renderer);
  SDL_RenderCopy(renderer, texture, NULL, NULL);
  SDL_RenderPresent(renderer);
  mark(steps, sizeof steps, "present");
  printf("first frame presented %d ms after launch\n", (int)(seconds_since_launch() * 1000 + 0.5));
  printf("steps, ms since launch/process CPU ms:%s\n", steps);
  fflush(stdout);
  SDL_Event event;
  while (SDL_WaitEvent(&event) && event.type != SDL_QUIT) {}
  SDL_Quit();
  return 0;
}
